/**
 * The profile behind /user/:uid (TanStack Query, the site's `queryKeys.profile`, the key the
 * shell's header reads too): validates the id, uses the data the server embedded in the page once,
 * otherwise asks the API (null = not found).
 */
import { useCallback, useEffect, useState } from 'react';
import { ApiError, call, errorMessage, queryKeys, takeEmbedded, useQuery, useQueryClient, API_ERRORS } from '@wishes/kit-client';
import { parseId } from '@wishes/kit-ui';
import { type FeedPage, type Profile } from '@wishes/kit-contract';

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

/** The profile, or null when the API has no such user (404). */
export async function loadProfile(id: number): Promise<Profile | null> {
  try {
    return await call('getProfile', { params: { id } });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function useProfile(uid: string) {
  const userId = parseId(uid);
  const path = `/user/${uid}`;
  const client = useQueryClient();
  const [embedded] = useState<EmbeddedProfile>(() => (userId === null ? undefined : embeddedFor(path)));

  useEffect(() => {
    embeddedByPath.delete(path);
  }, [path]);

  const query = useQuery({
    queryKey: queryKeys.profile(uid),
    queryFn: () => loadProfile(userId as number),
    enabled: userId !== null,
    initialData: embedded?.profile,
    // The server's embedded copy is as fresh as it gets: no second request for it.
    refetchOnMount: embedded?.profile ? false : true,
  });

  let state: ProfileState;
  if (userId === null) state = { status: 'invalid' };
  else if (query.isError && !query.isFetching) state = { status: 'error', message: errorMessage(query.error, API_ERRORS.profile) };
  else if (query.data === undefined || (query.isError && query.isFetching)) state = { status: 'loading' };
  else state = query.data ? { status: 'ready', profile: query.data } : { status: 'missing' };

  const { refetch } = query;
  const retry = useCallback(() => void refetch(), [refetch]);
  /** Replaces the cached profile (after subscribing or uploading an avatar): every reader of it (the header too) follows. */
  const update = useCallback(
    (change: (profile: Profile) => Profile) => client.setQueryData<Profile | null>(queryKeys.profile(uid), (current) => (current ? change(current) : current)),
    [client, uid],
  );

  return { userId, state, embeddedWishes: embedded?.wishes, retry, update };
}
