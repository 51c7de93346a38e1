/**
 * A release's private source maps (under `.maps/` in the release, never served) turn the stacks
 * of its client errors back into source positions for the team (GET .../errors/). A frame is
 * mapped when it points into this release's files (`/mf/releases/<remote>/<release>/<file>:L:C`)
 * and `.maps/<file>.map` exists; other frames stay as they are.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';
import { releaseDir } from './catalog';
import { ensureLocal } from './published';
import type { ReleaseContext } from './service';

const consumers = new Map<string, SourceMapConsumer | null>();

function consumerFor(dir: string, file: string): SourceMapConsumer | null {
  const mapFile = path.join(dir, '.maps', `${file}.map`);
  if (!consumers.has(mapFile)) {
    let consumer: SourceMapConsumer | null = null;
    try {
      if (existsSync(mapFile)) consumer = new SourceMapConsumer(JSON.parse(readFileSync(mapFile, 'utf8')) as RawSourceMap);
    } catch {
      consumer = null;
    }
    consumers.set(mapFile, consumer);
  }
  return consumers.get(mapFile) ?? null;
}

export async function mapStack(ctx: ReleaseContext, remote: string, release: string, stack: string): Promise<string> {
  const dir = releaseDir(ctx.releasesDir, remote, release);
  if (!dir || !(await ensureLocal(ctx.db, ctx.releasesDir, remote, release).catch(() => false))) return stack;
  const prefix = `/mf/releases/${remote}/${release}/`;
  const frame = /(https?:\/\/[^\s()]*?|)(\/mf\/releases\/[a-z0-9-]+\/[^/\s()]+\/)([^\s():]+):(\d+):(\d+)/g;
  return stack.replace(frame, (whole, _origin: string, base: string, file: string, line: string, column: string) => {
    if (base !== prefix || file.includes('..') || file.startsWith('.')) return whole;
    const consumer = consumerFor(dir, file);
    if (!consumer) return whole;
    const original = consumer.originalPositionFor({ line: Number(line), column: Number(column) - 1 });
    if (!original.source || original.line === null) return whole;
    return `${original.source}:${original.line}:${(original.column ?? 0) + 1}${original.name ? ` (${original.name})` : ''}`;
  });
}
