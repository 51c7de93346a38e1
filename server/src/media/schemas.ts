/** Texts and limits of the avatar upload. */
import { LIMITS } from '@wishes/kit-contract/constants';

export const AVATAR_TEXT = {
  notImage: 'Please select an image file (JPEG, PNG, etc.)',
  tooLarge: 'Image file is too large. Please select an image under 5MB.',
  tooManyPixels: 'Image dimensions are too large. Please select a smaller image.',
  missing: 'Please choose an image to upload in the "avatar" field.',
  notMultipart: 'Send the image as multipart/form-data in a field named "avatar".',
  success: 'Avatar updated successfully!',
} as const;

export const AVATAR = {
  field: 'avatar',
  maxBytes: LIMITS.avatarMaxBytes,
  /** Decompression-bomb guard: refuse images above this many pixels before decoding them. */
  maxInputPixels: 40_000_000,
  fullSize: 512,
  thumbSize: 96,
  /** URL prefix of the avatars folder below the media root. */
  urlPrefix: '/media/avatars/',
  folder: 'avatars',
} as const;

/** Names the server writes: 32 hex chars, plus "-thumb" for the thumbnail. */
export const AVATAR_FILE_RE = /^[0-9a-f]{32}(-thumb)?\.webp$/;
