/**
 * Avatar upload on one's own profile: validated before any request (docs/product.md#5-validation Avatar), then
 * a square crop step (AvatarCrop, in a dialog), sent as the multipart field `avatar` (the cropped
 * square drawn on a canvas, as a Blob; the images shown are data: URLs, never blob: URLs, see
 * cropImage.ts), previewed while uploading, and pushed to the session so the header's avatar and one's own cards change at once.
 */
import { useId, useState, type ChangeEvent } from 'react';
import { ApiError, call, useMutation } from '@wishes/kit-client';
import { Icon, Spinner, validateAvatar } from '@wishes/kit-ui';
import { openModal, toast, updateSessionUser } from '@wishes/kit-session';
import { type AvatarUploadResponse } from '@wishes/kit-contract';
import { AvatarCrop, CROP_TEXT } from './AvatarCrop';
import { croppedName, cropToSquare, readAsDataUrl, type CropArea } from './cropImage';

export const AVATAR_TEXT = {
  success: 'Avatar updated successfully!',
  failed: 'Failed to upload avatar',
  networkFailed: 'An error occurred while uploading your avatar',
  unreadable: 'This file could not be read as an image. Please choose another one.',
} as const;

/** The cropped square failed the avatar rules (docs/product.md#5-validation): its text, no request sent. */
class InvalidAvatar extends Error {}

interface Chosen {
  file: File;
  /** The chosen file as a data: URL. */
  source: string;
  area: CropArea;
}

export function AvatarUpload({ onUploaded }: { onUploaded: (response: AvatarUploadResponse) => void }) {
  const inputId = useId();
  const errorId = useId();
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);

  const fail = (message: string) => {
    setError(message);
    toast.error(message);
  };

  /** Crops, checks and sends the square (multipart field `avatar`), previewing it meanwhile. */
  const upload = useMutation({
    mutationFn: async ({ file, source, area }: Chosen) => {
      const cropped = await cropToSquare(source, area, file.type);
      const invalid = validateAvatar(cropped);
      if (invalid) throw new InvalidAvatar(invalid);
      setPreview(await readAsDataUrl(cropped).catch(() => null));
      const form = new FormData();
      form.append('avatar', cropped, croppedName(file.name, cropped.type || file.type));
      return call('uploadAvatar', { body: form });
    },
    onMutate: () => setError(null),
    onSuccess: (response) => {
      // The header's avatar and one's own cards follow the session; the profile follows the cache (onUploaded).
      updateSessionUser({ avatarThumbnail: response.avatar_thumbnail });
      onUploaded(response);
      toast.success(AVATAR_TEXT.success);
    },
    onError: (failure) => {
      if (failure instanceof InvalidAvatar) {
        fail(failure.message);
        return;
      }
      const network = failure instanceof ApiError && failure.status === 0;
      toast.error(network ? AVATAR_TEXT.networkFailed : AVATAR_TEXT.failed);
      setError(network ? AVATAR_TEXT.networkFailed : failure instanceof Error ? failure.message : AVATAR_TEXT.failed);
    },
    onSettled: () => setPreview(null),
  });
  const uploading = upload.isPending;

  const unreadable = () => {
    setError(AVATAR_TEXT.unreadable);
    toast.error(AVATAR_TEXT.failed);
  };

  /** Validates the chosen file, then offers the square crop in a dialog; nothing is sent before "Use this square". */
  const choose = async (file: File) => {
    const invalid = validateAvatar(file);
    if (invalid) {
      fail(invalid);
      return;
    }
    setError(null);
    let source: string;
    try {
      source = await readAsDataUrl(file);
    } catch {
      unreadable();
      return;
    }
    openModal({
      title: CROP_TEXT.title,
      render: (close) => (
        <AvatarCrop
          src={source}
          onCancel={close}
          onCrop={(area) => {
            close();
            upload.mutate({ file, source, area });
          }}
          onUnreadable={() => {
            close();
            unreadable();
          }}
        />
      ),
    });
  };

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Clear the input so choosing the same file again still fires a change.
    event.target.value = '';
    if (file) void choose(file);
  };

  return (
    <div className="profile-upload">
      <input
        id={inputId}
        className="profile-upload__input"
        type="file"
        accept="image/*"
        disabled={uploading}
        aria-describedby={error ? errorId : undefined}
        aria-invalid={error ? true : undefined}
        onChange={onChange}
      />
      <label htmlFor={inputId} className="profile-upload__label w-btn w-btn--rounded w-btn--normal w-btn--secondary" aria-disabled={uploading || undefined}>
        <Icon name="upload" size={20} />
        Upload avatar
      </label>
      {preview || uploading ? (
        <figure className="profile-upload__preview" aria-busy="true">
          {preview ? <img className="profile-upload__preview-image" src={preview} alt="Preview of your new avatar" /> : null}
          <Spinner label="Uploading avatar..." />
        </figure>
      ) : null}
      {error ? (
        <p id={errorId} className="profile-upload__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
