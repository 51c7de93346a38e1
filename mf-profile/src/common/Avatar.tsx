import './avatar.css';

export interface AvatarProps {
  src: string | null | undefined;
  /** Whose avatar it is; used for the alt text and the placeholder's initial. */
  name: string;
  size?: 'small' | 'large';
  /** When the name is shown right beside it, the avatar adds nothing for screen readers. */
  decorative?: boolean;
}

/** A round avatar image, or the first letter of the name when there is no image. */
export function Avatar({ src, name, size = 'small', decorative = false }: AvatarProps) {
  const className = `profile-avatar profile-avatar--${size}`;
  const label = `${name}'s avatar`;
  if (src) return <img className={className} src={src} alt={decorative ? '' : label} />;
  const initial = name.trim().charAt(0).toUpperCase() || '?';
  return (
    <span
      className={`${className} profile-avatar--placeholder`}
      role={decorative ? undefined : 'img'}
      aria-label={decorative ? undefined : label}
      aria-hidden={decorative ? true : undefined}
    >
      {initial}
    </span>
  );
}
