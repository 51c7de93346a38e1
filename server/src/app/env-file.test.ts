import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadEnvFile } from './env-file';
import { ConfigError } from '../platform/env-schema';

describe('settings from a file (ENV_FILE, .env)', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wishes-env-file-'));
  writeFileSync(path.join(dir, 'site.env'), '# a comment\nPUBLIC_URL=https://wishes.example.com\nSMTP_URL="smtp://mail:secret@mail.example.com:587"\nPORT=9000\n');

  it('reads ENV_FILE, relative to the working folder, without overriding what the environment sets', () => {
    const env: Record<string, string | undefined> = { ENV_FILE: 'site.env', PORT: '8000' };
    expect(loadEnvFile(env, dir)).toBe(path.join(dir, 'site.env'));
    expect(env).toMatchObject({ PUBLIC_URL: 'https://wishes.example.com', SMTP_URL: 'smtp://mail:secret@mail.example.com:587', PORT: '8000' });
  });

  it('reads .env in the working folder when present, and nothing when absent', () => {
    const withDotEnv = mkdtempSync(path.join(os.tmpdir(), 'wishes-env-file-'));
    writeFileSync(path.join(withDotEnv, '.env'), 'SITE_NAME=From dotenv\n');
    const env: Record<string, string | undefined> = {};
    expect(loadEnvFile(env, withDotEnv)).toBe(path.join(withDotEnv, '.env'));
    expect(env.SITE_NAME).toBe('From dotenv');
    // A developer's .env never reaches a server a test suite starts.
    const underTest: Record<string, string | undefined> = { NODE_ENV: 'test' };
    expect(loadEnvFile(underTest, withDotEnv)).toBeUndefined();
    expect(underTest.SITE_NAME).toBeUndefined();
    const empty: Record<string, string | undefined> = {};
    expect(loadEnvFile(empty, mkdtempSync(path.join(os.tmpdir(), 'wishes-env-file-')))).toBeUndefined();
    expect(empty).toEqual({});
  });

  it('stops the start with one sentence when the named file is missing', () => {
    expect(() => loadEnvFile({ ENV_FILE: 'missing.env' }, dir)).toThrow(ConfigError);
    expect(() => loadEnvFile({ ENV_FILE: 'missing.env' }, dir)).toThrow(/ENV_FILE: .*missing\.env cannot be read \(ENOENT\)/);
  });
});
