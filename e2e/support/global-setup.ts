/**
 * Once per run: build what is stale (a no-op when dist is fresh), start the SMTP receiver and the
 * production server, and hand their addresses to the workers through process.env.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import { BUILD_SITE, REPO_ROOT } from './paths';
import { startServer } from './server';
import { startSmtpReceiver } from './smtp';
import { STATE_FILE } from './state';

export default async function globalSetup(_config: FullConfig) {
  if (!process.env.E2E_SKIP_BUILD) {
    if (!fs.existsSync(BUILD_SITE)) throw new Error(`${BUILD_SITE} is missing: cannot build the site`);
    // Without the remotes' exposed types, as `npm test` builds it: no journey reads them. Only
    // this build's environment: a journey's own builds and releases keep theirs.
    const result = spawnSync(process.execPath, [BUILD_SITE], { cwd: REPO_ROOT, stdio: 'inherit', env: { ...process.env, WISHES_SKIP_TYPES: '1' } });
    if (result.status !== 0) throw new Error(`node scripts/build-site.js failed with status ${result.status}`);
  }

  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wishes-e2e-run-'));
  const smtp = await startSmtpReceiver(path.join(runDir, 'mail'));
  process.env.E2E_SMTP_URL = smtp.url;
  process.env.E2E_MAIL_DIR = smtp.dir;
  process.env.E2E_RUN_DIR = runDir;

  let server;
  try {
    server = await startServer({ label: 'main' });
  } catch (error) {
    await smtp.stop();
    throw error;
  }
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_SERVER_LOG = server.logFile;
  fs.writeFileSync(STATE_FILE, JSON.stringify({ pid: server.pid, runDir, dataDir: server.dataDir }));
  console.log(`[e2e] server ${server.url} (log ${server.logFile}), SMTP ${smtp.url}`);

  // Playwright runs this after the last test (before global teardown).
  return async () => {
    await server.stop();
    await smtp.stop();
    if (!process.env.E2E_KEEP_DATA) fs.rmSync(runDir, { recursive: true, force: true });
    fs.rmSync(STATE_FILE, { force: true });
  };
}
