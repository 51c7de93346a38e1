/**
 * The square an avatar is cut to, drawn on a canvas from the image the crop step already shows.
 * The chosen file is read into a data: URL (FileReader), never given a blob: URL: nothing on the
 * page then points at a blob: URL that something could fetch() under connect-src 'self' (the
 * console's CSP error the upload used to log). The server makes the thumbnails; this only sends
 * the chosen square.
 */
export interface CropArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The longest side sent: enough for the profile's large avatar, small enough to stay far under 5 MB. */
const AVATAR_CROP_MAX = 768;

/** Types the canvas encodes as they came; anything else (GIF, BMP, SVG…) goes as PNG. */
export function croppedType(type: string): 'image/jpeg' | 'image/webp' | 'image/png' {
  return type === 'image/jpeg' || type === 'image/webp' ? type : 'image/png';
}

/** The file name for the cropped image: the chosen file's name with the extension of what is sent. */
export function croppedName(name: string, type: string): string {
  const extension = { 'image/jpeg': 'jpg', 'image/webp': 'webp', 'image/png': 'png' }[croppedType(type)];
  const base = name.replace(/\.[^./\\]*$/, '').trim() || 'avatar';
  return `${base}.${extension}`;
}

/** The file's bytes as a data: URL (img-src allows data:). */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('The file could not be read')));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The image could not be read'));
    image.src = src;
  });
}

/** Cuts `area` (in the image's own pixels) out of the image at `src` (a data: URL) as a square Blob of at most AVATAR_CROP_MAX px a side. */
export async function cropToSquare(src: string, area: CropArea, type: string): Promise<Blob> {
  const image = await loadImage(src);
  const side = Math.max(1, Math.min(AVATAR_CROP_MAX, Math.round(Math.min(area.width, area.height))));
  const canvas = document.createElement('canvas');
  canvas.width = side;
  canvas.height = side;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('The image could not be cropped');
  const out = croppedType(type);
  if (out === 'image/jpeg') {
    // JPEG has no transparency: a white ground instead of black where the image is transparent.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, side, side);
  }
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, side, side);
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The image could not be cropped'))), out, 0.92);
  });
}
