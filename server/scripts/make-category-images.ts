/**
 * Draws the category images of the home page's "Wish Categories" grid: one small WebP per topic in
 * server/config/options.json, written to server/static/categories/<slug>.webp (served at
 * /static/categories/<slug>.webp). Each is a soft gradient with a simple white motif, no text, so
 * the art works in any language. Re-run after adding a topic:
 *
 *   npx tsx server/scripts/make-category-images.ts
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const WIDTH = 320;
const HEIGHT = 200;
const SERVER_ROOT = path.resolve(__dirname, '..');
const OUT_DIR = path.join(SERVER_ROOT, 'static', 'categories');

export const slugOf = (topic: string) =>
  topic
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

interface Art {
  colors: [string, string];
  /** SVG elements drawn in white over the gradient, centred around (160, 100). */
  motif: string;
}

const W = 'fill="#fff"';
const S = (color = '#fff') => `fill="none" stroke="${color}" stroke-linecap="round" stroke-linejoin="round"`;

const ART: Record<string, Art> = {
  birthday: {
    colors: ['#ff9a8b', '#ff6a88'],
    motif: `
      <rect x="110" y="105" width="100" height="50" rx="8" ${W} opacity="0.95"/>
      <rect x="120" y="82" width="80" height="28" rx="6" ${W} opacity="0.8"/>
      <path d="M110 120 q12.5 10 25 0 t25 0 t25 0 t25 0" ${S('#ff6a88')} stroke-width="4" opacity="0.6"/>
      <rect x="137" y="60" width="6" height="22" rx="3" ${W}/><rect x="157" y="56" width="6" height="26" rx="3" ${W}/><rect x="177" y="60" width="6" height="22" rx="3" ${W}/>
      <ellipse cx="140" cy="52" rx="5" ry="8" fill="#ffe29a"/><ellipse cx="160" cy="48" rx="5" ry="8" fill="#ffe29a"/><ellipse cx="180" cy="52" rx="5" ry="8" fill="#ffe29a"/>`,
  },
  wedding: {
    colors: ['#c471f5', '#fa71cd'],
    motif: `
      <circle cx="140" cy="108" r="34" ${S()} stroke-width="9"/>
      <circle cx="180" cy="108" r="34" ${S()} stroke-width="9" opacity="0.9"/>
      <path d="M180 62 l8 -10 l8 10 l-8 8 z" ${W}/>`,
  },
  anniversary: {
    colors: ['#f093fb', '#f5576c'],
    motif: `
      <path d="M160 150 C 95 110, 105 50, 140 55 C 152 57, 158 66, 160 74 C 162 66, 168 57, 180 55 C 215 50, 225 110, 160 150 Z" ${W} opacity="0.95"/>
      <path d="M224 60 C 205 48, 208 30, 218 31 C 222 31, 224 35, 224 37 C 225 35, 227 31, 231 31 C 241 30, 244 48, 224 60 Z" ${W} opacity="0.6"/>`,
  },
  'new-baby': {
    colors: ['#a1c4fd', '#c2e9fb'],
    motif: `
      <path d="M176 52 A 50 50 0 1 0 200 140 A 40 40 0 1 1 176 52 Z" ${W} opacity="0.95"/>
      <path d="M212 60 l4 9 l9 4 l-9 4 l-4 9 l-4 -9 l-9 -4 l9 -4 z" ${W}/>
      <path d="M230 102 l3 6 l6 3 l-6 3 l-3 6 l-3 -6 l-6 -3 l6 -3 z" ${W} opacity="0.8"/>`,
  },
  graduation: {
    colors: ['#4facfe', '#00c6fb'],
    motif: `
      <path d="M160 58 L232 88 L160 118 L88 88 Z" ${W}/>
      <path d="M122 104 L122 132 C 140 148, 180 148, 198 132 L198 104 L160 120 Z" ${W} opacity="0.85"/>
      <path d="M224 92 L224 130" ${S()} stroke-width="4"/><circle cx="224" cy="134" r="6" ${W}/>`,
  },
  'new-job': {
    colors: ['#43e97b', '#38f9d7'],
    motif: `
      <rect x="102" y="76" width="116" height="76" rx="10" ${W} opacity="0.95"/>
      <path d="M140 76 L140 64 Q140 58 146 58 L174 58 Q180 58 180 64 L180 76" ${S()} stroke-width="8"/>
      <rect x="102" y="104" width="116" height="6" fill="#38f9d7" opacity="0.6"/>
      <rect x="152" y="100" width="16" height="14" rx="3" ${W}/>`,
  },
  retirement: {
    colors: ['#fa709a', '#fee140'],
    motif: `
      <circle cx="160" cy="118" r="42" ${W} opacity="0.95"/>
      <rect x="0" y="122" width="320" height="78" fill="#fa709a" opacity="0.35"/>
      <path d="M70 140 q15 -8 30 0 t30 0 t30 0 t30 0 t30 0 t30 0" ${S()} stroke-width="5" opacity="0.9"/>
      <path d="M95 160 q15 -8 30 0 t30 0 t30 0 t30 0 t30 0" ${S()} stroke-width="5" opacity="0.6"/>`,
  },
  'get-well': {
    colors: ['#84fab0', '#8fd3f4'],
    motif: `
      <circle cx="160" cy="100" r="52" ${W} opacity="0.35"/>
      <rect x="146" y="66" width="28" height="68" rx="8" ${W}/>
      <rect x="126" y="86" width="68" height="28" rx="8" ${W}/>`,
  },
  'new-home': {
    colors: ['#f6d365', '#fda085'],
    motif: `
      <path d="M160 50 L222 102 L208 102 L208 150 L112 150 L112 102 L98 102 Z" ${W} opacity="0.95"/>
      <rect x="148" y="114" width="24" height="36" rx="3" fill="#fda085" opacity="0.8"/>
      <rect x="124" y="110" width="16" height="16" rx="2" fill="#f6d365" opacity="0.9"/>
      <rect x="180" y="110" width="16" height="16" rx="2" fill="#f6d365" opacity="0.9"/>
      <rect x="186" y="58" width="12" height="26" ${W}/>`,
  },
  holidays: {
    colors: ['#0ba360', '#3cba92'],
    motif: `
      <path d="M160 52 L196 100 L180 100 L206 134 L114 134 L140 100 L124 100 Z" ${W} opacity="0.95"/>
      <rect x="152" y="134" width="16" height="18" ${W} opacity="0.8"/>
      <path d="M160 34 l4 9 l9 1 l-7 6 l2 9 l-8 -5 l-8 5 l2 -9 l-7 -6 l9 -1 z" fill="#ffe29a"/>
      <circle cx="70" cy="50" r="4" ${W} opacity="0.7"/><circle cx="250" cy="70" r="5" ${W} opacity="0.6"/><circle cx="92" cy="150" r="3" ${W} opacity="0.6"/><circle cx="236" cy="150" r="4" ${W} opacity="0.7"/>`,
  },
  'thank-you': {
    colors: ['#fccb90', '#d57eeb'],
    motif: `
      <g transform="translate(160 96)" ${W}>
        <ellipse rx="15" ry="30" cy="-28" opacity="0.9"/>
        <ellipse rx="15" ry="30" cy="-28" transform="rotate(72)" opacity="0.9"/>
        <ellipse rx="15" ry="30" cy="-28" transform="rotate(144)" opacity="0.9"/>
        <ellipse rx="15" ry="30" cy="-28" transform="rotate(216)" opacity="0.9"/>
        <ellipse rx="15" ry="30" cy="-28" transform="rotate(288)" opacity="0.9"/>
      </g>
      <circle cx="160" cy="96" r="14" fill="#fccb90"/>`,
  },
  'good-luck': {
    colors: ['#38c172', '#a8e063'],
    motif: `
      <g transform="translate(160 92)" ${W}>
        <path d="M0 0 C -6 -30, -40 -34, -36 -10 C -34 2, -14 4, 0 0 Z"/>
        <path d="M0 0 C -6 -30, -40 -34, -36 -10 C -34 2, -14 4, 0 0 Z" transform="rotate(90)"/>
        <path d="M0 0 C -6 -30, -40 -34, -36 -10 C -34 2, -14 4, 0 0 Z" transform="rotate(180)"/>
        <path d="M0 0 C -6 -30, -40 -34, -36 -10 C -34 2, -14 4, 0 0 Z" transform="rotate(270)"/>
      </g>
      <path d="M162 94 C 170 120, 176 138, 196 156" ${S()} stroke-width="6"/>`,
  },
};

/** Soft circles that give every card a little depth; positions differ per topic. */
function bokeh(seed: string): string {
  let h = 0;
  for (const ch of seed) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  const rand = () => ((h = (h * 1103515245 + 12345) >>> 0) / 2 ** 32);
  return Array.from({ length: 6 }, () => {
    const r = 18 + rand() * 46;
    return `<circle cx="${(rand() * WIDTH).toFixed(0)}" cy="${(rand() * HEIGHT).toFixed(0)}" r="${r.toFixed(0)}" fill="#fff" opacity="${(0.06 + rand() * 0.1).toFixed(2)}"/>`;
  }).join('');
}

function svgFor(slug: string, art: Art): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${art.colors[0]}"/>
      <stop offset="1" stop-color="${art.colors[1]}"/>
    </linearGradient>
    <filter id="shadow" x="-20%" y="-20%" width="140%" height="140%">
      <feDropShadow dx="0" dy="4" stdDeviation="5" flood-color="#000" flood-opacity="0.15"/>
    </filter>
  </defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>
  ${bokeh(slug)}
  <g filter="url(#shadow)">${art.motif}</g>
</svg>`;
}

/** A fallback for topics without their own art: a gradient from the slug and a star. */
function fallbackArt(slug: string): Art {
  let h = 0;
  for (const ch of slug) h = (h * 31 + ch.charCodeAt(0)) % 360;
  return {
    colors: [`hsl(${h}, 80%, 72%)`, `hsl(${(h + 40) % 360}, 80%, 62%)`],
    motif: `<path d="M160 48 l14 30 l33 4 l-24 23 l6 33 l-29 -16 l-29 16 l6 -33 l-24 -23 l33 -4 z" ${W} opacity="0.95"/>`,
  };
}

export async function makeCategoryImages(): Promise<Array<{ slug: string; bytes: number }>> {
  const options = JSON.parse(readFileSync(path.join(SERVER_ROOT, 'config', 'options.json'), 'utf8')) as {
    greeting_config_params: { topics: Array<{ topic: string; image_url: string | null }> };
  };
  mkdirSync(OUT_DIR, { recursive: true });
  const written: Array<{ slug: string; bytes: number }> = [];
  for (const { topic, image_url } of options.greeting_config_params.topics) {
    const slug = slugOf(topic);
    const expected = `/static/categories/${slug}.webp`;
    if (image_url !== expected) throw new Error(`options.json: topic "${topic}" should have image_url "${expected}" (has ${String(image_url)})`);
    const art = ART[slug] ?? fallbackArt(slug);
    const webp = await sharp(Buffer.from(svgFor(slug, art))).webp({ quality: 78, effort: 6, smartSubsample: true }).toBuffer();
    writeFileSync(path.join(OUT_DIR, `${slug}.webp`), webp);
    written.push({ slug, bytes: webp.length });
  }
  return written;
}

if (require.main === module) {
  makeCategoryImages().then(
    (written) => {
      for (const { slug, bytes } of written) console.log(`${slug}.webp ${(bytes / 1024).toFixed(1)} KB`);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
