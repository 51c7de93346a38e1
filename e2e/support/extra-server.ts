/**
 * A server of the block's own for journeys that need special settings or a data set nobody else
 * touches. Call at the top of a file or describe block: each worker running those tests starts
 * the server once (a worker fixture), points baseURL (and so `api` and `request`) at it, and stops
 * it when the worker is done. The handle is the `extraServer` fixture.
 */
import { test } from './fixtures';
import type { StartServerOptions } from './server';

export function useExtraServer(options: StartServerOptions): void {
  test.use({ extraServerOptions: options });
}
