/**
 * A server of the file's own for journeys that need special settings or a data set nobody else
 * touches. Call at the top of a describe block: it starts the server before the block's first
 * test (per worker), points baseURL (and so `api`) at it, and stops it afterwards.
 */
import { test } from './fixtures';
import { startServer, type ServerHandle, type StartServerOptions } from './server';

export function useExtraServer(options: StartServerOptions | (() => Promise<StartServerOptions>)): () => ServerHandle {
  let server: ServerHandle | undefined;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    server = await startServer(typeof options === 'function' ? await options() : options);
  });
  test.afterAll(async () => {
    await server?.stop();
    server = undefined;
  });
  test.use({
    baseURL: async ({}, use) => {
      if (!server) throw new Error('the extra server did not start (see beforeAll)');
      await use(server.url);
    },
  });
  return () => {
    if (!server) throw new Error('the extra server is not running');
    return server;
  };
}
