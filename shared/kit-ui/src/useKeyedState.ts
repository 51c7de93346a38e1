import { useCallback, useState, type Dispatch, type SetStateAction } from 'react';

const sameKey = (a: unknown, b: unknown) =>
  Array.isArray(a) && Array.isArray(b) ? a.length === b.length && a.every((item, index) => Object.is(item, b[index])) : Object.is(a, b);

/**
 * State that starts over from `initial` whenever `key` changes (an array key is compared item by
 * item): e.g. "loading" again for a new id, page or retry attempt. The reset happens while
 * rendering (React's "adjusting state when a prop changes"), so no render shows the old key's
 * state and no effect has to set it back.
 */
export function useKeyedState<S>(key: unknown, initial: S | (() => S)): [S, Dispatch<SetStateAction<S>>] {
  const start = () => (typeof initial === 'function' ? (initial as () => S)() : initial);
  const [entry, setEntry] = useState(() => ({ key, value: start() }));
  let current = entry;
  if (!sameKey(entry.key, key)) {
    current = { key, value: start() };
    setEntry(current);
  }
  const setValue = useCallback<Dispatch<SetStateAction<S>>>(
    (action) => setEntry((previous) => ({ key: previous.key, value: typeof action === 'function' ? (action as (value: S) => S)(previous.value) : action })),
    [],
  );
  return [current.value, setValue];
}
