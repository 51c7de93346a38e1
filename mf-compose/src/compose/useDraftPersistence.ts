import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { LIMITS, userDataKey } from '@wishes/kit-session';
import { useSessionUser } from '@wishes/kit-client';
import { type ComposeValues } from '@wishes/kit-ui';

/** What of the editor survives navigation and reloads. */
export interface ComposeDraft {
  values: ComposeValues;
  /** The generator's last text (null before the first generation); tells an edit from an untouched draft. */
  generatedText: string | null;
  text: string;
  isPublic: boolean;
}

const DRAFT_NAME = 'composeDraft';
const FIELDS = ['style', 'audience', 'name', 'topic', 'details'] as const;

function isBlank(draft: ComposeDraft): boolean {
  return draft.generatedText === null && !draft.text && FIELDS.every((field) => !draft.values[field]);
}

/** A stored draft, checked field by field: anything malformed is no draft. */
export function parseDraft(raw: string | null): ComposeDraft | null {
  if (!raw) return null;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return null;
  }
  const draft = data as Partial<ComposeDraft> | null;
  const values = draft?.values as Partial<Record<(typeof FIELDS)[number], unknown>> | undefined;
  if (!draft || typeof draft !== 'object' || !values || typeof values !== 'object') return null;
  if (!FIELDS.every((field) => typeof values[field] === 'string' && (values[field] as string).length <= LIMITS.detailsMax)) return null;
  if (typeof draft.text !== 'string' || draft.text.length > LIMITS.wishTextMax) return null;
  if (draft.generatedText !== null && typeof draft.generatedText !== 'string') return null;
  if (typeof draft.isPublic !== 'boolean') return null;
  return { values: values as ComposeValues, generatedText: draft.generatedText ?? null, text: draft.text, isPublic: draft.isPublic };
}

function storage(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null; // storage disabled: drafts simply are not kept
  }
}

/**
 * Keeps the compose draft (fields, generated and edited text, visibility) in local storage for the
 * signed-in person, so going to the feed and back, or reloading, loses nothing. On arrival a kept
 * draft is put back through the editor's setters; every change is written back. The draft is per user
 * (`wishes.user.<id>.composeDraft`), removed by `clearDraft` (after a save) and by sign-out
 * (the kit removes every `wishes.user.` key).
 */
export interface DraftSetters {
  setValues: (values: ComposeValues) => void;
  setGeneratedText: (text: string | null) => void;
  setText: (text: string) => void;
  setIsPublic: (isPublic: boolean) => void;
}

export function useDraftPersistence(draft: ComposeDraft, setters: DraftSetters): { clearDraft: () => void } {
  const restore = (kept: ComposeDraft) => {
    setters.setValues(kept.values);
    setters.setGeneratedText(kept.generatedText);
    setters.setText(kept.text);
    setters.setIsPublic(kept.isPublic);
  };
  const userId = useSessionUser()?.userId ?? null;
  const key = userId === null ? null : userDataKey(DRAFT_NAME, userId);
  const restoredFor = useRef<string | null>(null);
  const cleared = useRef(false);
  const restoreRef = useRef(restore);
  useLayoutEffect(() => {
    restoreRef.current = restore;
  });

  // Restore once per person, before the first write (effects run in order).
  useEffect(() => {
    if (!key || restoredFor.current === key) return;
    restoredFor.current = key;
    const kept = parseDraft(storage()?.getItem(key) ?? null);
    if (kept && !isBlank(kept)) restoreRef.current(kept);
  }, [key]);

  const serialized = JSON.stringify(draft);
  const firstRun = useRef(true);
  useEffect(() => {
    // The first render holds the empty editor, not the kept draft: writing it would erase the draft.
    if (firstRun.current) {
      firstRun.current = false;
      return;
    }
    if (!key || cleared.current) return;
    try {
      // `serialized` is the draft: a new object every render, the same text while nothing changed.
      if (isBlank(JSON.parse(serialized) as ComposeDraft)) storage()?.removeItem(key);
      else storage()?.setItem(key, serialized);
    } catch {
      // Full or unavailable storage: the editor keeps working, only the draft is not kept.
    }
  }, [key, serialized]);

  const clearDraft = useCallback(() => {
    cleared.current = true;
    if (key) storage()?.removeItem(key);
  }, [key]);

  return { clearDraft };
}
