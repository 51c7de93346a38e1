import { useCallback, useEffect, useRef, useState } from 'react';
import { API_ERRORS, ApiError, call, streamText, queryKeys, errorMessage, updateCachedWish, useMutation, useQuery, useQueryClient } from '@wishes/kit-client';
import { canSaveWish, type ComposeValues } from '@wishes/kit-ui';
import { toast } from '@wishes/kit-session';
import { type Chat, type CreateChatRequest, type GenerateRequest, type ImproveInstruction as ImproveRequestInstruction, type RateLimit, type UpdateWishRequest } from '@wishes/kit-contract';
import { settleWhileMounted } from '../common/settleWhileMounted';
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

/**
 * Where keyboard focus goes once the draft changes (DraftPanel applies it): the clicked button is
 * disabled or gone by then, and focus must not fall to the page's body. `draft`: the editor,
 * `variants`: the drafts on offer; `always` false: only when focus was lost (a focused chat box
 * keeps it). `seq` makes each request new.
 */
export interface FocusRequest {
  target: 'draft' | 'variants';
  always: boolean;
  seq: number;
}

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
export function useComposeDraft(initial: ComposeDraft | (() => ComposeDraft), { chatToOpen = null }: { chatToOpen?: number | null } = {}) {
  const client = useQueryClient();
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
  const [focusRequest, setFocusRequest] = useState<FocusRequest | null>(null);
  /** The last request DraftPanel applied: a request not applied yet is not weakened by the next (a fast stream's start and end in one render). */
  const focusApplied = useRef(0);
  const requestFocus = useCallback(
    (target: FocusRequest['target'], { always = true }: { always?: boolean } = {}) =>
      setFocusRequest((previous) => {
        const pending = previous !== null && previous.seq > focusApplied.current && previous.target === target;
        return { target, always: always || (pending && previous.always), seq: (previous?.seq ?? 0) + 1 };
      }),
    [],
  );
  const onFocusApplied = useCallback((seq: number) => {
    focusApplied.current = seq;
  }, []);
  const stopRef = useRef<AbortController | null>(null);
  // Leaving the page stops a stream; the other calls' answers are dropped (settleWhileMounted).
  useEffect(() => () => stopRef.current?.abort(), []);

  // Every call the draft makes; each is awaited through settleWhileMounted.
  const streamCall = useMutation({
    mutationFn: ({ request, signal, onToken }: { request: GenerateRequest; signal: AbortSignal; onToken: (piece: string, soFar: string) => void }) =>
      // The event stream: the kit's streamText (shared/kit-client/src/streams.ts).
      streamText(request, { signal, onToken }),
  });
  const generateCall = useMutation({ mutationFn: (body: GenerateRequest) => call('generateText', { body }) });
  const improveCall = useMutation({ mutationFn: (body: { text: string; instruction: ImproveRequestInstruction }) => call('improveText', { body }) });
  const startChatCall = useMutation({ mutationFn: (body: CreateChatRequest) => call('createChat', { body }) });
  const messageCall = useMutation({
    mutationFn: async ({ chatId, message, text }: { chatId: number; message: string; text: string }) => {
      const answer = await call('postChatMessage', { params: { id: chatId }, body: { message, text } });
      // The chat as it is now (messages and versions); the answer stands without it.
      const view = await client.fetchQuery({ queryKey: queryKeys.chat(chatId), queryFn: () => call('getChat', { params: { id: chatId } }), staleTime: 0 }).catch(() => null);
      return { answer, view };
    },
  });
  const saveCall = useMutation({
    mutationFn: async ({ wishId, change }: { wishId: number | null; change: UpdateWishRequest & { text: string; is_public: boolean; chat_id?: number } }) => {
      if (wishId === null) {
        const { chat_id, card_theme, ...rest } = change;
        return (await call('saveWish', { body: { ...rest, ...(chat_id === undefined ? {} : { chat_id }), ...(card_theme ? { card_theme } : {}) } })).wish_id;
      }
      const { wish } = await call('updateWish', { params: { id: wishId }, body: { text: change.text, is_public: change.is_public, ...(change.card_theme ? { card_theme: change.card_theme } : {}) } });
      // Every copy of the wish on the page (its page, feeds, profile lists) shows the new text.
      updateCachedWish(client, wish);
      return wish.id;
    },
    // A new wish belongs in feeds and the author's lists: they reload when next shown.
    onSuccess: (_id, { wishId }) => (wishId === null ? client.invalidateQueries({ queryKey: queryKeys.wishes() }) : undefined),
  });

  /** Merges a patch (or one computed from the current draft) into the draft. */
  const update = useCallback(
    (patch: Partial<ComposeDraft> | ((current: ComposeDraft) => Partial<ComposeDraft>)) =>
      setDraft((current) => ({ ...current, ...(typeof patch === 'function' ? patch(current) : patch) })),
    [],
  );
  // Nothing else runs while a chat is being opened or another call is under way.
  const isBusy = () => busyRef.current !== null || loadingChat;
  const setBusy = (value: DraftBusy) => {
    busyRef.current = value;
    setBusyState(value);
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
      if (limit) update({ rateLimit: limit });
    } else if (error instanceof ApiError && error.status !== 0 && error.message !== fallback && typeof error.body?.partial === 'string' && error.body.partial) {
      // The stream broke off after some text: say so in the server's words; the text stays.
      toast.error(error.message);
    } else {
      toast.error(fallback);
    }
  };

  /** Streams a draft into the editor, word by word. */
  const stream = async (request: GenerateRequest) => {
    if (isBusy()) return;
    setBusy('stream');
    setStatus(TEXT.writing);
    const stop = new AbortController();
    stopRef.current = stop;
    // The editor keeps its text until the first word arrives: a refusal must not wipe it.
    const previous = { text: draft.text, generatedText: draft.generatedText };
    update({ variants: null });
    let started = false;
    try {
      const result = await settleWhileMounted(streamCall, {
        request: { ...request, length: draft.length },
        signal: stop.signal,
        onToken: (_piece, soFar) => {
          update({ text: soFar, generatedText: soFar, ...NEW_CONVERSATION });
          // The first words: the reader is taken to the draft as it is written.
          if (!started) requestFocus('draft');
          started = true;
        },
      });
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
      const partial = error instanceof ApiError && typeof error.body?.partial === 'string' ? error.body.partial : '';
      // Nothing arrived: the editor keeps what it had (hidden until a first draft).
      if (!partial) update(previous);
      setStatus(partial ? TEXT.brokeOff : '');
      failed(error, API_ERRORS.generate);
    } finally {
      stopRef.current = null;
      setBusy(null);
      // Stop is gone once the stream ends: a focus left on it comes back to the draft.
      if (started) requestFocus('draft', { always: false });
    }
  };

  const stop = () => stopRef.current?.abort();

  /** Three different drafts to choose from (one unit of the quota). */
  const giveThree = async (request: GenerateRequest) => {
    if (isBusy()) return;
    setBusy('variants');
    setStatus(TEXT.writingThree);
    try {
      const response = await settleWhileMounted(generateCall, { ...request, length: draft.length, variants: 3 });
      const variants = response.variants?.length ? response.variants : [response.text];
      update({ variants, ...(response.rate_limit ? { rateLimit: response.rate_limit } : {}) });
      setStatus(TEXT.threeReady(variants.length));
      requestFocus('variants');
      quotaToast(response.rate_limit);
    } catch (error) {
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
    requestFocus('draft');
  };

  /** Rewrites the editor's text as asked (one unit of the quota). */
  const improve = async (instruction: ImproveInstruction) => {
    if (isBusy() || !canSaveWish(draft.text)) return;
    setBusy('improve');
    setStatus(TEXT.rewriting(instruction));
    try {
      const response = await settleWhileMounted(improveCall, { text: draft.text, instruction });
      update({ text: response.text, generatedText: response.text, ...(response.rate_limit ? { rateLimit: response.rate_limit } : {}) });
      setStatus(TEXT.rewritten(instruction));
    } catch (error) {
      setStatus('');
      failed(error, API_ERRORS.improve);
    } finally {
      setBusy(null);
      // The rewrite buttons were disabled while it ran: the reader goes on in the draft.
      requestFocus('draft');
    }
  };

  /**
   * Sends one instruction to the draft's assistant; the first one starts the chat from the
   * editor's text (`request`: the compose form). The editor's text goes along, so a hand edit
   * becomes a version first. Resolves true when the assistant answered.
   */
  const ask = async (message: string, request: GenerateRequest | null): Promise<boolean> => {
    if (isBusy() || !message.trim() || !canSaveWish(draft.text)) return false;
    let chatId = draft.chatId;
    if (chatId === null && !request) return false;
    setBusy('chat');
    setStatus(TEXT.asking);
    try {
      if (chatId === null && request) {
        const started = await settleWhileMounted(startChatCall, { ...request, length: draft.length, text: draft.text });
        chatId = started.chat_id;
        // Kept even if the message fails: the next try goes on in the same chat.
        update({ chatId });
      }
      const { answer, view } = await settleWhileMounted(messageCall, { chatId: chatId!, message: message.trim(), text: draft.text });
      update({ text: answer.text, generatedText: answer.text, rateLimit: answer.rate_limit });
      if (view) setChat(view);
      // The reply is drawn once, in the chat's log; the status line only announces it.
      setStatus(TEXT.assistantSaid(answer.reply), false);
      return true;
    } catch (error) {
      setStatus('');
      failed(error, API_ERRORS.chat);
      return false;
    } finally {
      setBusy(null);
      // The instruction box keeps its focus for the next one; a lost focus (Send was disabled) goes to the draft.
      requestFocus('draft', { always: false });
    }
  };

  /** Puts an earlier version back into the editor (the chat keeps every version). */
  const restoreVersion = (index: number) => {
    const version = chat?.versions[index];
    if (!version) return;
    update({ text: version.text });
    setStatus(TEXT.restored(index + 1));
    requestFocus('draft', { always: false });
  };

  // `chatToOpen` (`?chat=ID`, "Continue in chat"): the chat, then the wish it was saved with (a
  // wish that is gone or unreadable just means a new wish will be saved).
  const [openedChat, setOpenedChat] = useState<number | null>(null);
  const loadingChat = chatToOpen !== null && openedChat !== chatToOpen;
  const chatQuery = useQuery({
    queryKey: queryKeys.chat(chatToOpen ?? 0),
    queryFn: ({ signal }) =>
      call('getChat', { params: { id: chatToOpen! }, signal }).catch((error: unknown) => {
        // Said once per failed load, and not at all for a load the page's leaving cancelled.
        if (!signal.aborted) toast.error(error instanceof ApiError && error.status === 404 ? TEXT.chatNotFound : errorMessage(error, API_ERRORS.chatLoad));
        throw error;
      }),
    enabled: loadingChat,
  });
  const chatWishId = loadingChat ? (chatQuery.data?.wish_id ?? null) : null;
  const wishQuery = useQuery({
    queryKey: queryKeys.wish(chatWishId ?? 0),
    queryFn: ({ signal }) => call('getWish', { params: { id: chatWishId! }, signal }),
    enabled: chatWishId !== null,
  });
  // The chat goes into the draft once, from a fresh answer (not a cached one being refetched):
  // state adjusted while rendering, as React advises for state that follows a changed input.
  const chatReady = loadingChat && chatQuery.data !== undefined && chatQuery.fetchStatus === 'idle' && (chatWishId === null || (wishQuery.fetchStatus === 'idle' && !wishQuery.isPending));
  if (chatReady && chatQuery.data) {
    const loaded = chatQuery.data;
    const wish = chatWishId !== null && wishQuery.isSuccess ? wishQuery.data.wish : null;
    const { length, ...values } = loaded.settings;
    const latest = loaded.versions.at(-1)?.text ?? '';
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
    setOpenedChat(chatToOpen);
  } else if (loadingChat && chatQuery.isError && chatQuery.fetchStatus === 'idle') {
    setStatus('');
    setOpenedChat(chatToOpen);
  }

  /**
   * Saves the text; resolves with the wish's id, or null when it failed (the text stays). From
   * "Continue in chat" it updates that wish (text and visibility); otherwise it creates a wish and
   * keeps the draft's chat with it.
   */
  const save = async (): Promise<number | null> => {
    if (isBusy() || !canSaveWish(draft.text)) return null;
    setBusy('save');
    try {
      return await settleWhileMounted(saveCall, {
        wishId: draft.chatWishId,
        change: { text: draft.text, is_public: draft.isPublic, ...(draft.chatId !== null ? { chat_id: draft.chatId } : {}), ...(draft.cardTheme ? { card_theme: draft.cardTheme } : {}) },
      });
    } catch (error) {
      toast.error(errorMessage(error, draft.chatWishId !== null ? API_ERRORS.updateWish : API_ERRORS.save));
      return null;
    } finally {
      setBusy(null);
    }
  };

  return { draft, update, busy: busy ?? (loadingChat ? ('loadChat' as const) : null), status: loadingChat ? TEXT.loadingChat : status, statusShown: loadingChat || statusShown, focusRequest, onFocusApplied, chat, stream, stop, giveThree, pickVariant, improve, ask, restoreVersion, save };
}
