import { sniffImage } from './sniff';

const bytes = (...parts: Array<string | number[]>) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

describe('sniffImage', () => {
  it('recognises the four accepted formats by their magic numbers', () => {
    expect(sniffImage(bytes([0xff, 0xd8, 0xff, 0xe0], 'rest'))).toBe('jpeg');
    expect(sniffImage(bytes([0x89], 'PNG\r\n\x1a\n', 'rest'))).toBe('png');
    expect(sniffImage(bytes('GIF89a', 'rest'))).toBe('gif');
    expect(sniffImage(bytes('GIF87a', 'rest'))).toBe('gif');
    expect(sniffImage(bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '))).toBe('webp');
  });

  it.each([
    ['svg', '<svg xmlns="http://www.w3.org/2000/svg"></svg>'],
    ['xml svg', '<?xml version="1.0"?><svg/>'],
    ['html', '<!doctype html><html><script>alert(1)</script>'],
    ['text', 'just some text'],
    ['RIFF that is not WebP (WAV)', 'RIFF\x00\x00\x00\x00WAVEfmt '],
    ['BMP', 'BM\x00\x00\x00\x00'],
    ['TIFF', 'II*\x00'],
    ['empty', ''],
    ['short PNG prefix', '\x89PN'],
    ['GIF without version', 'GIF'],
  ])('refuses %s', (_name, content) => {
    expect(sniffImage(Buffer.from(content, 'latin1'))).toBeNull();
  });
});
