/**
 * `npm run backup -- <file>`: writes one archive of everything a site holds (archive.ts says its
 * format; snapshot.ts reads the database as one instant). `npm run restore`: restore.ts.
 */
import { createHash } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { once } from 'node:events';
import { createGzip } from 'node:zlib';
import type { Dialect } from '../db/types';
import { BACKUP_FORMAT, CONTENT_TYPES, encodeValue, listFiles, SECRET_FILE, type Area, type BackupConfig, type BackupHeader, type BackupResult, type Manifest } from './archive';
import { postgresSnapshot, sqliteSnapshot } from './snapshot';

/** Writes the archive to `file` (through `<file>.partial`, renamed when complete). */
export async function writeBackup(config: BackupConfig, file: string): Promise<BackupResult> {
  const target = path.resolve(file);
  const partial = `${target}.partial`;
  mkdirSync(path.dirname(target), { recursive: true });
  const dialect: Dialect = config.databaseUrl.startsWith('sqlite:') ? 'sqlite' : 'postgres';
  const snapshot = dialect === 'sqlite' ? await sqliteSnapshot(config.databaseUrl.slice('sqlite:'.length)) : await postgresSnapshot(config.databaseUrl);
  const gzip = createGzip();
  // Owner-only whatever the umask: an archive holds every password hash and link secret.
  const out = createWriteStream(partial, { mode: 0o600 });
  gzip.pipe(out);
  const whole = createHash('sha256');
  const writeLine = async (line: string) => {
    whole.update(`${line}\n`);
    if (!gzip.write(`${line}\n`)) await once(gzip, 'drain');
  };
  const write = (value: unknown) => writeLine(JSON.stringify(value));
  const manifest: Manifest = { tables: {}, files: { media: { count: 0, bytes: 0 }, releases: { count: 0, bytes: 0 }, secret: { count: 0, bytes: 0 } }, sha256: '' };
  const writeFile = async (area: Area, name: string, content: Buffer, extra: Record<string, unknown> = {}) => {
    await write({ file: area, name, ...extra, size: content.length, sha256: createHash('sha256').update(content).digest('hex'), data: content.toString('base64') });
    const summary = (manifest.files[area] ??= { count: 0, bytes: 0 });
    summary.count += 1;
    summary.bytes += content.length;
  };
  try {
    const header: BackupHeader = { kind: 'wishes-backup', format: BACKUP_FORMAT, created_at: new Date().toISOString(), source: { dialect, media: config.mediaStorage }, migrations: snapshot.migrations };
    await write(header);
    for (const table of snapshot.tables) {
      await write({ table: table.name, columns: table.columns });
      const hash = createHash('sha256');
      let rows = 0;
      for await (const batch of table.rows()) {
        for (const row of batch) {
          const line = JSON.stringify({ r: row.map(encodeValue) });
          hash.update(line);
          await writeLine(line);
          rows += 1;
        }
      }
      manifest.tables[table.name] = { rows, sha256: hash.digest('hex') };
    }
    // Media: the database's rows (same snapshot) or the files on disk.
    for await (const batch of snapshot.mediaRows()) {
      for (const row of batch) await writeFile('media', row.name, Buffer.from(row.content), { type: row.content_type, created_at: row.created_at });
    }
    if (config.mediaStorage === 'disk') {
      for (const name of listFiles(config.mediaDir)) {
        let content: Buffer;
        try {
          content = readFileSync(path.join(config.mediaDir, name));
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue; // deleted since listed
          throw error;
        }
        const type = CONTENT_TYPES[path.extname(name).toLowerCase()] ?? 'application/octet-stream';
        await writeFile('media', name, content, { type, created_at: statSync(path.join(config.mediaDir, name), { throwIfNoEntry: false })?.mtime.toISOString() ?? new Date().toISOString() });
      }
    }
    for (const name of listFiles(config.releasesDir)) await writeFile('releases', name, readFileSync(path.join(config.releasesDir, name)));
    const secret = signingSecretFile(config);
    if (secret) await writeFile('secret', SECRET_FILE, secret);
    manifest.sha256 = whole.digest('hex');
    gzip.end(`${JSON.stringify({ manifest })}\n`);
    await once(out, 'close');
    renameSync(partial, target);
    return { file: target, bytes: statSync(target).size, manifest };
  } catch (error) {
    gzip.destroy();
    out.destroy();
    rmSync(partial, { force: true });
    throw error;
  } finally {
    await snapshot.close();
  }
}

/**
 * The data folder's signing secret when the site signs with it, so that members stay signed in
 * after a restore on a fresh disk; null when JWT_SECRET set another one (the operator keeps that
 * one with the site's settings) or there is none.
 */
function signingSecretFile(config: BackupConfig): Buffer | null {
  if (!config.dataDir) return null;
  const file = path.join(config.dataDir, SECRET_FILE);
  if (!existsSync(file)) return null;
  const content = readFileSync(file);
  return config.jwtSecret === undefined || content.toString('utf8').trim() === config.jwtSecret ? content : null;
}
