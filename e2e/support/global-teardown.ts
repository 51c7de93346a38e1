/**
 * Safety net: global setup's returned teardown normally stops everything. If a state file is left
 * (that teardown crashed), stop the recorded server process and remove the temporary folders.
 */
import fs from 'node:fs';
import { STATE_FILE } from './state';

export default async function globalTeardown() {
  if (!fs.existsSync(STATE_FILE)) return;
  try {
    const state = JSON.parse(fs.readFileSync(STATE_FILE, 'utf8')) as { pid?: number; runDir?: string; dataDir?: string };
    if (state.pid && state.pid > 0) {
      try {
        process.kill(state.pid, 'SIGTERM');
      } catch {
        /* already gone */
      }
    }
    for (const dir of [state.runDir, state.dataDir]) if (dir && !process.env.E2E_KEEP_DATA) fs.rmSync(dir, { recursive: true, force: true });
  } finally {
    fs.rmSync(STATE_FILE, { force: true });
  }
}
