/**
 * Settings from a file: ENV_FILE=<path>, or `.env` in the working folder when there is one, read
 * once at start, before the configuration is validated (docs/configuration.md). A variable already
 * in the environment wins, as with `node --env-file`, so a unit's Environment= or a container's
 * `-e` still overrides the file. A named file that cannot be read stops the start. Under
 * NODE_ENV=test only a named file is read: a developer's own .env (their database, their mail
 * server) never reaches the servers the test suites start.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { ConfigError } from '../platform/env-schema';

/** Adds the file's variables to `env` (those not set already); returns the file read, if any. */
export function loadEnvFile(env: Record<string, string | undefined> = process.env, cwd = process.cwd()): string | undefined {
  const named = env.ENV_FILE?.trim();
  const file = path.resolve(cwd, named || '.env');
  if (!named && (env.NODE_ENV === 'test' || !existsSync(file))) return undefined;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new ConfigError(`ENV_FILE: ${file} cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
  for (const [name, value] of Object.entries(parseEnv(text))) if (env[name] === undefined) env[name] = value;
  return file;
}
