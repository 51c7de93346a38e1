/**
 * The profile behind /user/:uid: validates the id, uses the data the server embedded in the page
 * once, otherwise asks the API (null = not found).
 */
import { useCallback, useEffect, useState } from 'react';
import { api, parseId, takeEmbedded, type FeedPage, type Profile } from '@wishes/shared';

export type ProfileState =
  | { status: 'invalid' }
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'error'; message: string }
  | { status: 'ready'; profile: Profile };

type EmbeddedProfile = { profile: Profile; wishes: FeedPage } | undefined;

// takeEmbedded forgets what it hands out; StrictMode renders twice, so both renders of one mount
// must see the same piece. The entry is dropped once the page has mounted.
const embeddedByPath = new Map<string, EmbeddedProfile>();

function embeddedFor(path: string): EmbeddedProfile {
  if (!embeddedByPath.has(path)) embeddedByPath.set(path, takeEmbedded('profile', path));
  return embeddedByPath.get(path);
}

export function useProfile(uid: string) {
  const userId = parseId(uid);
  const path = `/user/${uid}`;
  const [embedded] = useState<EmbeddedProfile>(() => (userId === null ? undefined : embeddedFor(path)));
  const [state, setState] = useState<ProfileState>(() => {
    if (userId === null) return { status: 'invalid' };
    return embedded?.profile ? { status: 'ready', profile: embedded.profile } : { status: 'loading' };
  });

  useEffect(() => {
    embeddedByPath.delete(path);
  }, [path]);

  useEffect(() => {
    if (state.status !== 'loading' || userId === null) return;
    let cancelled = false;
    api.getProfile(userId).then(
      (profile) => {
        if (!cancelled) setState(profile ? { status: 'ready', profile } : { status: 'missing' });
      },
      (error: unknown) => {
        if (!cancelled) setState({ status: 'error', message: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [state.status, userId]);

  const retry = useCallback(() => setState({ status: 'loading' }), []);
  /** Replaces the shown profile (after subscribing or uploading an avatar). */
  const update = useCallback((change: (profile: Profile) => Profile) => {
    setState((current) => (current.status === 'ready' ? { status: 'ready', profile: change(current.profile) } : current));
  }, []);

  return { userId, state, embeddedWishes: embedded?.wishes, retry, update };
}
