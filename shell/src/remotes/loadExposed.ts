/**
 * Loads one exposed module of a remote through the federation runtime that the build plugin set
 * up (so remotes share the shell's React), within the shared time limit (the kit).
 */
import type { ComponentType } from 'react';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { loadWithin, REMOTE_TIMEOUT_MS } from '@wishes/kit-ui';

// Props differ per exposed page; the route table passes none or the documented ones.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type RemoteComponent = ComponentType<any>;
interface RemoteModule {
  default: RemoteComponent;
}

export function loadExposed(id: string, timeoutMs = REMOTE_TIMEOUT_MS): Promise<RemoteModule> {
  return loadWithin(id, () => loadRemote<RemoteModule>(id), timeoutMs);
}
