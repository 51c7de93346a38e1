/**
 * The server's standard-output log lines (log-destination.ts) are gathered before they are written,
 * so these check, in a real child process with real pipes, that none is held back: a quiet
 * process's line is written while it keeps running (the periodic flush), and a line logged just
 * before `process.exit` is written on the way out.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';

const MODULE = path.join(__dirname, 'log-destination.ts');

/** Runs `body` in a child with `log` (a pino logger on logDestination()); resolves with what it printed once `until` matches, then stops it. */
function runChild(body: string, until: RegExp): Promise<{ stdout: string; exited: boolean }> {
  const script = `
    const pino = require('pino');
    const { logDestination } = require(${JSON.stringify(MODULE)});
    const log = pino({ base: null }, logDestination());
    ${body}`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    let stdout = '';
    let exited = false;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`no line matching ${until} within 20 s; got: ${stdout}`));
    }, 20_000);
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (until.test(stdout)) {
        clearTimeout(timer);
        child.kill('SIGKILL');
        resolve({ stdout, exited });
      }
    });
    child.on('exit', () => {
      exited = true;
    });
  });
}

describe('log destination', () => {
  it("writes a quiet process's line while it keeps running", async () => {
    // The child logs once and then waits for ever: only the periodic flush can write the line.
    const { stdout, exited } = await runChild(`log.info('one quiet line'); setInterval(() => {}, 1000);`, /one quiet line/);
    expect(exited).toBe(false);
    expect(stdout).toContain('"msg":"one quiet line"');
  });

  it('writes what is gathered when the process exits', async () => {
    const { stdout } = await runChild(`for (let i = 0; i < 5; i++) log.info('line ' + i); process.exit(0);`, /line 4/);
    expect(stdout.match(/"msg":"line \d"/g)).toEqual(['"msg":"line 0"', '"msg":"line 1"', '"msg":"line 2"', '"msg":"line 3"', '"msg":"line 4"']);
  });
});
