/**
 * @jest-environment jsdom
 */
// Plain jsdom: its FileReader reads only its own Blob (jest-fixed-jsdom swaps in Node's).
import { croppedName, croppedType, readAsDataUrl } from './cropImage';

describe('what the crop step sends', () => {
  it('keeps JPEG and WebP, and sends anything else the canvas cannot encode as it came as PNG', () => {
    expect(['image/jpeg', 'image/webp', 'image/png', 'image/gif', 'image/bmp', 'image/svg+xml'].map(croppedType)).toEqual(['image/jpeg', 'image/webp', 'image/png', 'image/png', 'image/png', 'image/png']);
  });

  it("names the file after the chosen one, with the extension of what is sent", () => {
    expect(croppedName('me.png', 'image/png')).toBe('me.png');
    expect(croppedName('holiday.photo.JPG', 'image/jpeg')).toBe('holiday.photo.jpg');
    expect(croppedName('party.gif', 'image/gif')).toBe('party.png');
    expect(croppedName('', 'image/webp')).toBe('avatar.webp');
    expect(croppedName('.png', 'image/png')).toBe('avatar.png');
  });

  it('reads the file as a data: URL, never a blob: URL', async () => {
    await expect(readAsDataUrl(new Blob(['abc'], { type: 'image/png' }))).resolves.toBe(`data:image/png;base64,${btoa('abc')}`);
  });
});
