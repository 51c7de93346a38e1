/**
 * Decodes an uploaded image and re-encodes it as WebP, so what we serve is always a fresh image
 * made by sharp: no EXIF (GPS, camera serials), no ICC/XMP comments, no polyglot payloads.
 */
import sharp from 'sharp';
import { AVATAR } from './schemas';

export interface ProcessedAvatar {
  full: Buffer;
  thumbnail: Buffer;
}

/** The bytes passed sniffing but are not a decodable image (truncated, corrupt). */
export class InvalidImageError extends Error {
  constructor(message = 'The image could not be decoded.', options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'InvalidImageError';
  }
}

/** The image has more pixels than we are willing to decode. */
export class ImageTooLargeError extends Error {
  constructor(options?: { cause?: unknown }) {
    super('The image has too many pixels.', options);
    this.name = 'ImageTooLargeError';
  }
}

export async function processAvatar(input: Buffer): Promise<ProcessedAvatar> {
  // failOn 'error': truncated or corrupt data is refused instead of becoming a half-grey avatar.
  // Only the first frame of an animated GIF/WebP is used.
  const source = () => sharp(input, { limitInputPixels: AVATAR.maxInputPixels, failOn: 'error', animated: false });
  try {
    const meta = await source().metadata();
    if (!meta.width || !meta.height) throw new InvalidImageError();
    if (meta.width * meta.height > AVATAR.maxInputPixels) throw new ImageTooLargeError();
    // rotate() with no angle applies the EXIF orientation; sharp then writes no metadata at all
    // because withMetadata()/keepMetadata() is never called.
    const [full, thumbnail] = await Promise.all([
      source()
        .rotate()
        .resize(AVATAR.fullSize, AVATAR.fullSize, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 82, effort: 4 })
        .toBuffer(),
      source()
        .rotate()
        .resize(AVATAR.thumbSize, AVATAR.thumbSize, { fit: 'cover', position: 'attention' })
        .webp({ quality: 80, effort: 4 })
        .toBuffer(),
    ]);
    return { full, thumbnail };
  } catch (error) {
    if (error instanceof InvalidImageError || error instanceof ImageTooLargeError) throw error;
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw new ImageTooLargeError({ cause: error });
    throw new InvalidImageError(undefined, { cause: error });
  }
}
