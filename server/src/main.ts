/**
 * Process entry (`npm start -w @wishes/server`): build the app (config validated, the production
 * guards applied, database migrated), seed demo data on an empty database (SEED_DEMO), log one
 * line per risky setting, listen, and shut down gracefully on
 * SIGTERM/SIGINT (stop accepting, drain in-flight requests, close the database).
 */
import path from 'node:path';
import { buildApp } from './app/app';
import { ConfigError } from './platform/config';
import { loadEnvFile } from './app/env-file';
import { unsupportedNodeMessage } from './app/node-support';
import { seedDemoData } from './seed/seed';
import { demoUsers } from './seed/demo-content';
import { riskySettingLines } from './app/risky-settings';
import { releaseSiteBuild } from './releases/site-build';
import { restrictNewFiles, sqliteFiles, tightenModes } from './app/file-modes';

async function main() {
  const unsupported = unsupportedNodeMessage();
  if (unsupported) {
    console.error(unsupported);
    process.exit(1);
  }
  // Before anything is written: every file the site makes is 0600, every folder 0700.
  restrictNewFiles();
  let app;
  try {
    loadEnvFile();
    app = await buildApp();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  const { config } = app.deps;
  // What an older version (or another umask) left readable is made private; a mount the site does not own is logged, never fatal.
  for (const file of sqliteFiles(config.databaseUrl)) tightenModes(file, app.log);
  tightenModes(path.join(config.dataDir, 'jwt-secret'), app.log);
  for (const dir of [config.dataDir, config.outboxDir, config.mediaDir, path.join(config.dataDir, 'cards'), config.releasesDir]) tightenModes(dir, app.log, { recursive: true });

  if (config.seedDemo) {
    const result = await seedDemoData(app.deps, app.log);
    if (result.seeded) app.log.info(`seeded demo data: ${result.users} users, ${result.wishes} wishes`);
  }
  // The production guards' report (docs/operations.md): one line per risky setting, every start.
  for (const line of await riskySettingLines(app.deps, demoUsers.map((u) => u.email))) app.log.warn(line);

  // The site's own build becomes ordinary releases (docs/teams.md): rollbacks go to releases,
  // never to the mutable dist/ folders. A failure here leaves the site serving what it served.
  try {
    for (const result of await releaseSiteBuild({ db: app.deps.db, releasesDir: config.releasesDir, siteRoot: config.siteRoot })) {
      if (result.refused) app.log.error(`the site's own build of ${result.remote} was refused and is not served: ${result.refused}`);
      else if (result.activated) app.log.info(`${result.remote}: the site's own build ${result.release} is now the active release`);
    }
  } catch (error) {
    app.log.error({ err: error }, "could not release the site's own build");
  }

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    // A stuck connection must not keep the process alive forever.
    const timer = setTimeout(() => {
      app.log.error('graceful shutdown timed out');
      process.exit(1);
    }, 10_000);
    timer.unref();
    // Node closes the connections that are idle when closing starts, not those that become idle
    // afterwards: a keep-alive connection whose request finishes (or whose notification stream is
    // ended by the preClose hook) would otherwise hold the close until the proxy drops it. So idle
    // ones are closed again until the server is closed; a request in flight is never cut.
    const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
    sweep.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const dbKind = app.deps.dialect === 'sqlite' ? config.databaseUrl : 'PostgreSQL';
  app.log.info(`Wishes API on http://${config.host}:${config.port} (database: ${dbKind}, public URL: ${config.publicUrl})`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
