/**
 * The site options served by GET /api/base/options (options/routes.ts), read from
 * server/config/options.json. Read once per path and cached: the file is configuration, not data.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Value } from '@sinclair/typebox/value';
import { OptionsSchema, type Options } from '@wishes/kit-contract/api';
import { DEFAULT_SITE_NAME } from '@wishes/kit-contract/constants';

const FALLBACK: Options = {
  site_name: DEFAULT_SITE_NAME,
  greeting_config_params: { styles: [], audiences: [], topics: [] },
  report_topic_config: ['Spam', 'Harassment or hate', 'Violence or threats', 'Sexual content', 'Misinformation', 'Other'],
};

export interface LoadedOptions {
  options: Options;
  body: string;
  etag: string;
}

const cache = new Map<string, LoadedOptions>();

export function loadOptions(optionsPath: string, siteName?: string): LoadedOptions {
  const key = `${optionsPath}\u0000${siteName ?? ''}`;
  const hit = cache.get(key);
  if (hit) return hit;
  let options: Options = FALLBACK;
  let raw: string | null = null;
  try {
    raw = readFileSync(optionsPath, 'utf8');
  } catch {
    // No options file yet: the fallback keeps the site usable (reports still have categories).
  }
  if (raw !== null) {
    const parsed: unknown = JSON.parse(raw);
    const cleaned = Value.Clean(OptionsSchema, Value.Default(OptionsSchema, structuredClone(parsed)));
    if (!Value.Check(OptionsSchema, cleaned)) {
      const first = Value.Errors(OptionsSchema, cleaned).First();
      throw new Error(`${optionsPath} is not a valid options file: ${first?.path ?? ''} ${first?.message ?? ''}`);
    }
    options = cleaned as Options;
  }
  if (siteName) options = { ...options, site_name: siteName };
  const body = JSON.stringify(options);
  const loaded = { options, body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
  cache.set(key, loaded);
  return loaded;
}
