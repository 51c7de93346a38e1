import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { remoteUrlEnv } from '@wishes/kit-contract/registry';
import { SITE_REMOTES } from '../../test/kit/site-remotes';
import { REPO_ROOT, SERVER_ROOT } from './config';
import { ConfigError, ENV_SCHEMA, readEnv } from './env-schema';

/** `.env.example`'s server part (above "Tools only"): each variable it shows, `NAME=value` or `# NAME=value`. */
function listedVariables(): Map<string, string> {
  const text = readFileSync(path.join(REPO_ROOT, '.env.example'), 'utf8');
  const serverPart = text.split(/^# -+ Tools only/m)[0]!;
  const listed = new Map<string, string>();
  for (const line of serverPart.split('\n')) {
    const match = /^#?\s*([A-Z][A-Z0-9_]*)=(\S*)/.exec(line);
    if (match && !listed.has(match[1]!)) listed.set(match[1]!, match[2]!);
  }
  return listed;
}

describe('the environment schema', () => {
  it('.env.example lists every variable of the schema and the remotes, and nothing else', () => {
    const expected = [...Object.keys(ENV_SCHEMA.properties), ...SITE_REMOTES.map((r) => remoteUrlEnv(r.folder))].sort();
    expect([...listedVariables().keys()].sort()).toEqual(expected);
  });

  it('.env.example shows each default as the schema declares it', () => {
    const listed = listedVariables();
    for (const [name, schema] of Object.entries(ENV_SCHEMA.properties)) {
      const fallback = (schema as { default?: string }).default;
      if (fallback !== undefined) expect(`${name}=${listed.get(name)}`).toBe(`${name}=${fallback}`);
    }
  });

  it('names the variable in a one-line message', () => {
    expect(() => readEnv({ STREAM_HEARTBEAT: 'often' })).toThrow(new ConfigError('STREAM_HEARTBEAT must be a duration like 30s, 15m, 2h or 7d (got "often")'));
    expect(() => readEnv({ DELIVERY_MAX_ATTEMPTS: '99' })).toThrow(new ConfigError('DELIVERY_MAX_ATTEMPTS must be between 1 and 50 (got 99)'));
    expect(() => readEnv({ CANARY_MAX_ERROR_RATE: '2' })).toThrow(/^CANARY_MAX_ERROR_RATE must be a number from 0 to 1/);
    expect(readEnv({ PORT: '  ', SEED_DEMO: 'off' })).toMatchObject({ PORT: 8000, SEED_DEMO: false });
  });

  it('a bad value stops the server with one line and a non-zero exit, never a stack', () => {
    let result: { status: number | null; stderr: string } = { status: 0, stderr: '' };
    try {
      execFileSync(process.execPath, ['--import', 'tsx', path.join(SERVER_ROOT, 'src', 'main.ts')], {
        env: { ...process.env, NODE_ENV: 'production', PORT: 'eighty' },
        stdio: 'pipe',
        timeout: 30_000,
      });
    } catch (error) {
      const failed = error as { status: number | null; stderr: Buffer };
      result = { status: failed.status, stderr: failed.stderr.toString() };
    }
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe('Configuration error: PORT must be a whole number (got "eighty")');
  }, 40_000);
});
