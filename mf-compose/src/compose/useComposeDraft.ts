import { useCallback, useEffect, useRef, useState } from 'react';
import { API_ERRORS, ApiError, api, canSaveWish, toast, type Chat, type ComposeValues, type GenerateRequest, type RateLimit } from '@wishes/shared';
import { COMPOSE_TEXT as TEXT, type DraftLength, type ImproveInstruction } from './texts';

/**
 * Everything a draft is, in one object so it can be kept (or restored) as a whole: the form, the
 * editor's text, the last generated text, the length, the variants on offer, visibility, quota.
 */
export interface ComposeDraft {
  values: ComposeValues;
  text: string;
  /** The last text the generator produced; null until the first generation. */
  generatedText: string | null;
  length: DraftLength;
  /** Drafts from "Give me 3" waiting to be picked; null when none are on offer. */
  variants: string[] | null;
  isPublic: boolean;
  rateLimit: RateLimit | null;
  /** The draft's chat with the assistant (created with the first instruction); null before. */
  chatId: number | null;
  /**
   * The wish this chat was saved with, when the author came back to go on refining it ("Continue
   * in chat"): saving then updates that wish instead of creating a second one.
   */
  chatWishId: number | null;
  /** The card theme picked for the wish (GET /api/base/card-themes/); undefined or null: the default. */
  cardTheme?: string | null;
}

/** What the draft is busy with (never persisted). */
export type DraftBusy = null | 'stream' | 'variants' | 'improve' | 'save' | 'chat' | 'loadChat';

export const emptyDraft = (topic = ''): ComposeDraft => ({
  values: { style: '', audience: '', name: '', topic, details: '' },
  text: '',
  generatedText: null,
  length: 'medium',
  variants: null,
  isPublic: false,
  rateLimit: null,
  chatId: null,
  chatWishId: null,
});

/** A new draft starts a new conversation (and, from "Continue in chat", a new wish). */
const NEW_CONVERSATION = { chatId: null, chatWishId: null } as const;

/** The rate limit a 429 body carries, if it is well-formed. */
function rateLimitOf(body: Record<string, unknown> | null): RateLimit | null {
  const value = body?.rate_limit as Partial<RateLimit> | undefined;
  return value && typeof value.limit === 'number' && typeof value.remaining === 'number' ? { limit: value.limit, remaining: value.remaining } : null;
}

/**
 * The compose page's draft and what can be done to it: stream a draft into the editor (Stop keeps
 * what arrived), ask for three and pick one, rewrite the text, save it. `status` is the sentence
 * the page announces to screen readers (`statusShown` false: announced only, because the page
 * already shows it, as the assistant's reply in the chat).
 */
export function useComposeDraft(initial: ComposeDraft | (() => ComposeDraft)) {
  const [draft, setDraft] = useState<ComposeDraft>(initial);
  const [busy, setBusyState] = useState<DraftBusy>(null);
  const [status, setStatusText] = useState('');
  /** False while the status repeats what the page already shows (the assistant's reply is in the chat): announced, not drawn. */
  const [statusShown, setStatusShown] = useState(true);
  const setStatus = useCallback((text: string, shown = true) => {
    setStatusText(text);
    setStatusShown(shown);
  }, []);
  /** The chat as the server last told it: messages and versions (null: no chat yet). */
  const [chat, setChat] = useState<Chat | null>(null);
  const busyRef = useRef<DraftBusy>(null);
  const stopRef = useRef<AbortController | null>(null);
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
      stopRef.current?.abort();
    },
    [],
  );

  /** Merges a patch (or one computed from the current draft) into the draft. */
  const update = useCallback(
    (patch: Partial<ComposeDraft> | ((current: ComposeDraft) => Partial<ComposeDraft>)) =>
      setDraft((current) => ({ ...current, ...(typeof patch === 'function' ? patch(current) : patch) })),
    [],
  );
  const setBusy = (value: DraftBusy) => {
    busyRef.current = value;
    if (mounted.current) setBusyState(value);
  };

  const quotaToast = (rateLimit: RateLimit | undefined) => {
    if (rateLimit) toast.success(TEXT.generatedWithQuota(rateLimit.remaining, rateLimit.limit));
    else toast.success(TEXT.generated);
  };

  /** A refused or failed call: the server's words on 429 (and the spent quota), the spec's default otherwise. */
  const failed = (error: unknown, fallback: string) => {
    if (error instanceof ApiError && error.status === 429) {
      toast.error(error.message);
      const limit = rateLimitOf(error.body);
      if (limit && mounted.current) update({ rateLimit: limit });
    } else if (error instanceof ApiError && error.status !== 0 && error.message !== fallback && typeof error.body?.partial === 'string' && error.body.partial) {
      // The stream broke off after some text: say so in the server's words; the text stays.
      toast.error(error.message);
    } else {
      toast.error(fallback);
    }
  };

  /** Streams a draft into the editor, word by word. */
  const stream = async (request: GenerateRequest) => {
    if (busyRef.current) return;
    setBusy('stream');
    setStatus(TEXT.writing);
    const stop = new AbortController();
    stopRef.current = stop;
    // The editor keeps its text until the first word arrives: a refusal must not wipe it.
    const previous = { text: draft.text, generatedText: draft.generatedText };
    update({ variants: null });
    try {
      const result = await api.streamText({ ...request, length: draft.length }, {
        signal: stop.signal,
        onToken: (_piece, soFar) => {
          if (mounted.current) update({ text: soFar, generatedText: soFar, ...NEW_CONVERSATION });
        },
      });
      if (!mounted.current) return;
      if (result.stopped && !result.text) update(previous);
      else {
        update({ text: result.text, generatedText: result.text, ...NEW_CONVERSATION, ...(result.rate_limit ? { rateLimit: result.rate_limit } : {}) });
        setChat(null);
      }
      if (result.stopped) {
        setStatus(TEXT.stopped);
      } else {
        setStatus(TEXT.draftReady);
        quotaToast(result.rate_limit);
      }
    } catch (error) {
      if (!mounted.current) return;
      const partial = error instanceof ApiError && typeof error.body?.partial === 'string' ? error.body.partial : '';
      // Nothing arrived: the editor keeps what it had (hidden until a first draft).
      if (!partial) update(previous);
      setStatus(partial ? TEXT.brokeOff : '');
      failed(error, API_ERRORS.generate);
    } finally {
      stopRef.current = null;
      setBusy(null);
    }
  };

  const stop = () => stopRef.current?.abort();

  /** Three different drafts to choose from (one unit of the quota). */
  const giveThree = async (request: GenerateRequest) => {
    if (busyRef.current) return;
    setBusy('variants');
    setStatus(TEXT.writingThree);
    try {
      const response = await api.generateText({ ...request, length: draft.length, variants: 3 });
      if (!mounted.current) return;
      const variants = response.variants?.length ? response.variants : [response.text];
      update({ variants, ...(response.rate_limit ? { rateLimit: response.rate_limit } : {}) });
      setStatus(TEXT.threeReady(variants.length));
      quotaToast(response.rate_limit);
    } catch (error) {
      if (!mounted.current) return;
      setStatus('');
      failed(error, API_ERRORS.generate);
    } finally {
      setBusy(null);
    }
  };

  const pickVariant = (index: number) => {
    const chosen = draft.variants?.[index];
    if (chosen === undefined) return;
    update({ text: chosen, generatedText: chosen, variants: null, ...NEW_CONVERSATION });
    setChat(null);
    setStatus(TEXT.picked(index + 1));
  };

  /** Rewrites the editor's text as asked (one unit of the quota). */
  const improve = async (instruction: ImproveInstruction) => {
    if (busyRef.current || !canSaveWish(draft.text)) return;
    setBusy('improve');
    setStatus(TEXT.rewriting(instruction));
    try {
      const response = await api.improveText(draft.text, instruction);
      if (!mounted.current) return;
      update({ text: response.text, generatedText: response.text, ...(response.rate_limit ? { rateLimit: response.rate_limit } : {}) });
      setStatus(TEXT.rewritten(instruction));
    } catch (error) {
      if (!mounted.current) return;
      setStatus('');
      failed(error, API_ERRORS.improve);
    } finally {
      setBusy(null);
    }
  };

  /**
   * Sends one instruction to the draft's assistant; the first one starts the chat from the
   * editor's text (`request`: the compose form). The editor's text goes along, so a hand edit
   * becomes a version first. Resolves true when the assistant answered.
   */
  const ask = async (message: string, request: GenerateRequest | null): Promise<boolean> => {
    if (busyRef.current || !message.trim() || !canSaveWish(draft.text)) return false;
    let chatId = draft.chatId;
    if (chatId === null && !request) return false;
    setBusy('chat');
    setStatus(TEXT.asking);
    try {
      if (chatId === null && request) {
        const started = await api.startChat({ ...request, length: draft.length, text: draft.text });
        chatId = started.chat_id;
        if (mounted.current) update({ chatId });
      }
      const answer = await api.sendChatMessage(chatId!, message.trim(), draft.text);
      const view = await api.getChat(chatId!).catch(() => null);
      if (!mounted.current) return true;
      update({ text: answer.text, generatedText: answer.text, rateLimit: answer.rate_limit });
      if (view) setChat(view);
      // The reply is drawn once, in the chat's log; the status line only announces it.
      setStatus(TEXT.assistantSaid(answer.reply), false);
      return true;
    } catch (error) {
      if (!mounted.current) return false;
      setStatus('');
      failed(error, API_ERRORS.chat);
      return false;
    } finally {
      setBusy(null);
    }
  };

  /** Puts an earlier version back into the editor (the chat keeps every version). */
  const restoreVersion = (index: number) => {
    const version = chat?.versions[index];
    if (!version) return;
    update({ text: version.text });
    setStatus(TEXT.restored(index + 1));
  };

  /** Opens a saved chat (`?chat=ID`): its form, its latest version in the editor, its conversation. */
  const loadChat = useCallback(async (chatId: number) => {
    busyRef.current = 'loadChat';
    setBusyState('loadChat');
    setStatus(TEXT.loadingChat);
    try {
      const loaded = await api.getChat(chatId);
      if (!mounted.current) return;
      if (!loaded) {
        setStatus('');
        toast.error(TEXT.chatNotFound);
        return;
      }
      const { length, ...values } = loaded.settings;
      const latest = loaded.versions.at(-1)?.text ?? '';
      const wish = loaded.wish_id ? await api.getWish(loaded.wish_id).catch(() => null) : null;
      if (!mounted.current) return;
      setDraft((current) => ({
        ...current,
        values,
        length: length ?? current.length,
        text: latest,
        generatedText: latest,
        variants: null,
        chatId: loaded.chat_id,
        chatWishId: wish ? wish.id : null,
        ...(wish ? { isPublic: wish.is_public } : {}),
      }));
      setChat(loaded);
      setStatus(TEXT.chatLoaded);
    } catch (error) {
      if (!mounted.current) return;
      setStatus('');
      toast.error(error instanceof ApiError ? error.message : API_ERRORS.chatLoad);
    } finally {
      busyRef.current = null;
      if (mounted.current) setBusyState(null);
    }
  }, [setStatus]);

  /**
   * Saves the text; resolves with the wish's id, or null when it failed (the text stays). From
   * "Continue in chat" it updates that wish (text and visibility); otherwise it creates a wish and
   * keeps the draft's chat with it.
   */
  const save = async (): Promise<number | null> => {
    if (busyRef.current || !canSaveWish(draft.text)) return null;
    setBusy('save');
    try {
      if (draft.chatWishId !== null) {
        const wish = await api.updateWish(draft.chatWishId, { text: draft.text, is_public: draft.isPublic, ...(draft.cardTheme ? { card_theme: draft.cardTheme } : {}) });
        return wish.id;
      }
      const { wish_id } = await api.saveWish(draft.text, draft.isPublic, draft.chatId ?? undefined, draft.cardTheme ?? undefined);
      return wish_id;
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : draft.chatWishId !== null ? API_ERRORS.updateWish : API_ERRORS.save);
      return null;
    } finally {
      setBusy(null);
    }
  };

  return { draft, update, busy, status, statusShown, chat, stream, stop, giveThree, pickVariant, improve, ask, restoreVersion, loadChat, save };
}
