/**
 * Avatar upload on one's own profile: validated before any request (docs/product.md#5-validation Avatar), sent as the
 * multipart field `avatar`, previewed while uploading, and pushed to the session so the header's
 * avatar changes at once.
 */
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import {
  ApiError,
  Icon,
  Spinner,
  api,
  toast,
  updateSessionUser,
  validateAvatar,
  type AvatarUploadResponse,
} from '@wishes/shared';

export const AVATAR_TEXT = {
  success: 'Avatar updated successfully!',
  failed: 'Failed to upload avatar',
  networkFailed: 'An error occurred while uploading your avatar',
} as const;

const previewUrl = (file: File): string | null =>
  typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;
const releasePreview = (url: string | null) => {
  if (url && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(url);
};

export function AvatarUpload({ onUploaded }: { onUploaded: (response: AvatarUploadResponse) => void }) {
  const inputId = useId();
  const errorId = useId();
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const upload = async (file: File) => {
    const invalid = validateAvatar(file);
    if (invalid) {
      setError(invalid);
      toast.error(invalid);
      return;
    }
    setError(null);
    const url = previewUrl(file);
    setPreview(url);
    setUploading(true);
    try {
      const response = await api.uploadAvatar(file, file.name || 'avatar');
      updateSessionUser({ avatarThumbnail: response.avatar_thumbnail });
      if (mounted.current) onUploaded(response);
      toast.success(AVATAR_TEXT.success);
    } catch (failure) {
      const network = failure instanceof ApiError && failure.status === 0;
      toast.error(network ? AVATAR_TEXT.networkFailed : AVATAR_TEXT.failed);
      if (mounted.current) {
        setError(network ? AVATAR_TEXT.networkFailed : failure instanceof Error ? failure.message : AVATAR_TEXT.failed);
      }
    } finally {
      releasePreview(url);
      if (mounted.current) {
        setPreview(null);
        setUploading(false);
      }
    }
  };

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Clear the input so choosing the same file again still fires a change.
    event.target.value = '';
    if (file) void upload(file);
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
