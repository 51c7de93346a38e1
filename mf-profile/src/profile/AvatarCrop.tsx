/**
 * The crop step of the avatar upload: the chosen image under a square frame (react-easy-crop),
 * moved by dragging or, once the frame has focus, with the arrow keys (Shift for small steps),
 * and zoomed with the slider (keys too) or the wheel. "Use this square" hands the square in the
 * image's own pixels to the upload; Cancel (or the dialog's Close / Escape) sends nothing.
 */
import { useId, useState } from 'react';
import Cropper, { type Area, type Point } from 'react-easy-crop';
import { Button, Icon } from '@wishes/kit-ui';

export const CROP_TEXT = {
  title: 'Crop your avatar',
  hint: 'Drag the image, or focus the square and use the arrow keys, to choose what shows. Zoom with the slider.',
  frame: 'Avatar square',
  zoom: 'Zoom',
  use: 'Use this square',
  cancel: 'Cancel',
} as const;

const MIN_ZOOM = 1;
const MAX_ZOOM = 4;

interface AvatarCropProps {
  src: string;
  onCancel: () => void;
  onCrop: (area: Area) => void;
  /** The browser could not read the file as an image (e.g. text named .png). */
  onUnreadable: () => void;
}

export function AvatarCrop({ src, onCancel, onCrop, onUnreadable }: AvatarCropProps) {
  const hintId = useId();
  const zoomId = useId();
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);

  return (
    <div className="profile-crop">
      <p id={hintId} className="profile-crop__hint">
        {CROP_TEXT.hint}
      </p>
      <div className="profile-crop__area">
        <Cropper
          image={src}
          crop={crop}
          zoom={zoom}
          minZoom={MIN_ZOOM}
          maxZoom={MAX_ZOOM}
          aspect={1}
          cropShape="rect"
          showGrid
          keyboardStep={8}
          onCropChange={setCrop}
          onZoomChange={setZoom}
          onCropComplete={(_, pixels) => setArea(pixels)}
          mediaProps={{ alt: 'Your chosen image', onError: onUnreadable }}
          cropperProps={{ role: 'group', 'aria-label': CROP_TEXT.frame, 'aria-describedby': hintId }}
        />
      </div>
      <div className="profile-crop__zoom">
        <label htmlFor={zoomId}>{CROP_TEXT.zoom}</label>
        <input
          id={zoomId}
          type="range"
          min={MIN_ZOOM}
          max={MAX_ZOOM}
          step={0.1}
          value={zoom}
          aria-valuetext={`${Math.round(zoom * 100)}%`}
          onChange={(event) => setZoom(Number(event.target.value))}
        />
      </div>
      <div className="profile-crop__actions">
        <Button variant="secondary" onClick={onCancel}>
          {CROP_TEXT.cancel}
        </Button>
        <Button icon={<Icon name="check" />} disabled={!area} onClick={() => area && onCrop(area)}>
          {CROP_TEXT.use}
        </Button>
      </div>
    </div>
  );
}
