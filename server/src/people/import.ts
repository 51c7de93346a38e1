/**
 * Reading an import file (POST /api/people/import/): CSV with the header `name,email,birthday`
 * (RFC 4180 quoting) or vCard 3/4. Each entry becomes a person or a refusal naming its line (the
 * line where it starts). Photos and every other vCard property are ignored. Written by hand: both
 * formats need only these few fields, and a parser library would bring a dependency for them.
 */
import { isValidEmail } from '../auth/schemas';
import { isPossibleDate } from './time';

export interface ImportedPerson {
  name: string;
  email: string | null;
  occasions: Array<{ topic: string; month: number; day: number; year: number | null }>;
}
export type ImportLine = { line: number; person: ImportedPerson } | { line: number; reason: string };

export const BIRTHDAY = 'Birthday';
const ANNIVERSARY = 'Anniversary';

/** `YYYY-MM-DD`, `YYYYMMDD`, `--MM-DD`, `--MMDD` (vCard's date without a year), or null; `invalid` for one that does not exist. */
function readDate(text: string): { month: number; day: number; year: number | null } | null | 'invalid' {
  const t = text.trim().replace(/T.*$/, '');
  if (!t) return null;
  const m = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(t) ?? /^--()(\d{2})-?(\d{2})$/.exec(t);
  if (!m) return 'invalid';
  const year = m[1] ? Number(m[1]) : null;
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (!isPossibleDate(month, day, year) || (year !== null && (year < 1800 || year > 2200))) return 'invalid';
  return { month, day, year };
}

function personFrom(name: string, email: string, dates: Array<[string, string]>): ImportedPerson | string {
  const n = name.trim();
  if (!n) return 'The name is missing.';
  if (n.length > 150) return 'The name is longer than 150 characters.';
  const e = email.trim().toLowerCase();
  if (e && !isValidEmail(e)) return 'The email address is not valid.';
  const occasions: ImportedPerson['occasions'] = [];
  for (const [topic, text] of dates) {
    const date = readDate(text);
    if (date === 'invalid') return `The date "${text.trim().slice(0, 20)}" does not exist or is not YYYY-MM-DD.`;
    if (date) occasions.push({ topic, ...date });
  }
  return { name: n, email: e || null, occasions };
}

/** CSV records with the line each starts on. */
function csvRecords(text: string): Array<{ line: number; fields: string[] }> {
  const records: Array<{ line: number; fields: string[] }> = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else {
        if (c === '\n') line++;
        field += c;
      }
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      fields.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      fields.push(field);
      records.push({ line: start, fields });
      fields = [];
      field = '';
      line++;
      start = line;
    } else field += c;
  }
  if (field !== '' || fields.length > 0) {
    fields.push(field);
    records.push({ line: start, fields });
  }
  return records.filter((r) => r.fields.some((f) => f.trim() !== ''));
}

function readCsv(text: string): ImportLine[] | null {
  const records = csvRecords(text);
  const header = records[0]?.fields.map((f) => f.trim().toLowerCase());
  if (!header || header.join(',') !== 'name,email,birthday') return null;
  return records.slice(1).map(({ line, fields }) => {
    if (fields.length !== 3) return { line, reason: `Expected 3 fields (name,email,birthday), found ${fields.length}.` };
    const person = personFrom(fields[0]!, fields[1]!, [[BIRTHDAY, fields[2]!]]);
    return typeof person === 'string' ? { line, reason: person } : { line, person };
  });
}

/** vCard property value: the text after the first unquoted colon, with vCard's escapes undone. */
const unescape = (value: string) => value.replace(/\\n/gi, ' ').replace(/\\([,;\\])/g, '$1');

function readVcards(text: string): ImportLine[] | null {
  // Unfold: a line starting with a space or tab continues the one before (RFC 6350 §3.2).
  const raw = text.split(/\r\n|\r|\n/);
  const lines: Array<{ n: number; text: string }> = [];
  raw.forEach((t, i) => {
    if (/^[ \t]/.test(t) && lines.length > 0) lines[lines.length - 1]!.text += t.slice(1);
    else lines.push({ n: i + 1, text: t });
  });
  const out: ImportLine[] = [];
  let card: { line: number; props: Array<[string, string]> } | null = null;
  let any = false;
  for (const { n, text: l } of lines) {
    if (!l.trim()) continue;
    const colon = l.indexOf(':');
    const head = (colon < 0 ? l : l.slice(0, colon)).trim();
    const name = head.split(';')[0]!.replace(/^item\d+\./i, '').toUpperCase();
    const value = colon < 0 ? '' : l.slice(colon + 1);
    if (name === 'BEGIN' && value.trim().toUpperCase() === 'VCARD') {
      if (card) out.push({ line: card.line, reason: 'This card has no END:VCARD.' });
      card = { line: n, props: [] };
      any = true;
    } else if (name === 'END' && value.trim().toUpperCase() === 'VCARD' && card) {
      out.push(vcardEntry(card.line, card.props));
      card = null;
    } else if (card) card.props.push([name, value]);
    else if (!any) return null; // text before the first card: not a vCard file
  }
  if (card) out.push({ line: card.line, reason: 'This card has no END:VCARD.' });
  return any ? out : null;
}

function vcardEntry(line: number, props: Array<[string, string]>): ImportLine {
  const get = (key: string) => props.find(([k]) => k === key)?.[1];
  const version = get('VERSION')?.trim();
  if (version !== '3.0' && version !== '4.0') return { line, reason: 'Only vCard 3.0 and 4.0 are read.' };
  let name = unescape(get('FN') ?? '');
  if (!name.trim()) {
    // N: family;given;additional;prefix;suffix
    const [family = '', given = ''] = (get('N') ?? '').split(';');
    name = `${unescape(given)} ${unescape(family)}`.trim();
  }
  const dates: Array<[string, string]> = [];
  const bday = get('BDAY');
  if (bday !== undefined) dates.push([BIRTHDAY, bday]);
  const anniversary = get('ANNIVERSARY') ?? get('X-ANNIVERSARY');
  if (anniversary !== undefined) dates.push([ANNIVERSARY, anniversary]);
  const person = personFrom(name, unescape(get('EMAIL') ?? ''), dates);
  return typeof person === 'string' ? { line, reason: person } : { line, person };
}

/** The entries of a file, or null when it is neither format. */
export function readImportFile(bytes: Buffer): ImportLine[] | null {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
  text = text.replace(/^\uFEFF/, '');
  if (text.includes('\u0000')) return null;
  return /^\s*BEGIN:VCARD/i.test(text) ? readVcards(text) : readCsv(text);
}
