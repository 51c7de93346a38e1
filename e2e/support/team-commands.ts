/**
 * Commands run as a team outside the monorepo would run them (the packaging journeys): Node 24
 * first on PATH, and none of the npm_* variables of the npm run that started the tests (they name
 * this repository's package), but for the npm settings each journey keeps.
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';

export function teamCommands(label: string, keptNpmConfig: string[]) {
  const dropped = new RegExp(`^npm_(?!config_(${keptNpmConfig.join('|')})$)`, 'i');

  function teamEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
    const env: NodeJS.ProcessEnv = {};
    for (const [key, value] of Object.entries(process.env)) if (!dropped.test(key)) env[key] = value;
    // The scaffolds' memory of taken ports and icons stays with this run, not in the runner's home.
    const scaffolds = env.WISHES_SCAFFOLDS_FILE ?? path.join(os.tmpdir(), `wishes-scaffolds-${label}-${process.pid}.json`);
    return { ...env, WISHES_SCAFFOLDS_FILE: scaffolds, PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ''}`, ...extra };
  }

  /** Runs a command to its end; resolves with its output's lines (without colours), rejects with all of it. */
  function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = teamEnv()): Promise<string[]> {
    const started = Date.now();
    return new Promise((resolve, reject) => {
      const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      child.stdout.on('data', (chunk) => (out += chunk));
      child.stderr.on('data', (chunk) => (out += chunk));
      child.on('error', reject);
      child.on('exit', (code) => {
        console.log(`[${label}] ${path.basename(command)} ${args.slice(0, 2).join(' ')}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
        // eslint-disable-next-line no-control-regex
        out = out.replace(/\x1b\[[0-9;]*m/g, '');
        return code === 0 ? resolve(out.trim().split('\n')) : reject(new Error(`${command} ${args.join(' ')} (in ${cwd}) exited ${code}:\n${out.slice(-6000)}`));
      });
    });
  }

  return { teamEnv, run };
}
