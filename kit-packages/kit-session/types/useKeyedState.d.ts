import { type Dispatch, type SetStateAction } from 'react';
/**
 * State that starts over from `initial` whenever `key` changes (an array key is compared item by
 * item): e.g. "loading" again for a new id, page or retry attempt. The reset happens while
 * rendering (React's "adjusting state when a prop changes"), so no render shows the old key's
 * state and no effect has to set it back.
 */
export declare function useKeyedState<S>(key: unknown, initial: S | (() => S)): [S, Dispatch<SetStateAction<S>>];
