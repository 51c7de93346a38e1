import { useCallback, useEffect, useRef, useState } from 'react';
import { API_ERRORS, ApiError, api, canSaveWish, toast, type ComposeValues, type GenerateRequest, type RateLimit } from '@wishes/shared';
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
}

/** What the draft is busy with (never persisted). */
export type DraftBusy = null | 'stream' | 'variants' | 'improve' | 'save';

export const emptyDraft = (topic = ''): ComposeDraft => ({
  values: { style: '', audience: '', name: '', topic, details: '' },
  text: '',
  generatedText: null,
  length: 'medium',
  variants: null,
  isPublic: false,
  rateLimit: null,
});

/** The rate limit a 429 body carries, if it is well-formed. */
function rateLimitOf(body: Record<string, unknown> | null): RateLimit | null {
  const value = body?.rate_limit as Partial<RateLimit> | undefined;
  return value && typeof value.limit === 'number' && typeof value.remaining === 'number' ? { limit: value.limit, remaining: value.remaining } : null;
}

/**
 * The compose page's draft and what can be done to it: stream a draft into the editor (Stop keeps
 * what arrived), ask for three and pick one, rewrite the text, save it. `status` is the sentence
 * the page announces to screen readers.
 */
export function useComposeDraft(initial: ComposeDraft | (() => ComposeDraft)) {
  const [draft, setDraft] = useState<ComposeDraft>(initial);
  const [busy, setBusyState] = useState<DraftBusy>(null);
  const [status, setStatus] = useState('');
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
          if (mounted.current) update({ text: soFar, generatedText: soFar });
        },
      });
      if (!mounted.current) return;
      if (result.stopped && !result.text) update(previous);
      else update({ text: result.text, generatedText: result.text, ...(result.rate_limit ? { rateLimit: result.rate_limit } : {}) });
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
    update({ text: chosen, generatedText: chosen, variants: null });
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

  /** Saves the text; resolves with the new wish's id, or null when it failed (the text stays). */
  const save = async (): Promise<number | null> => {
    if (busyRef.current || !canSaveWish(draft.text)) return null;
    setBusy('save');
    try {
      const { wish_id } = await api.saveWish(draft.text, draft.isPublic);
      return wish_id;
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : API_ERRORS.save);
      return null;
    } finally {
      setBusy(null);
    }
  };

  return { draft, update, busy, status, stream, stop, giveThree, pickVariant, improve, save };
}
