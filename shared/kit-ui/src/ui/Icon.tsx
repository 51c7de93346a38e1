import { UI } from '@wishes/kit-contract/constants';
import { ensureUiStyles } from './styles';
import { ICON_PATHS as PATHS } from './iconPaths';

export type IconName = keyof typeof PATHS | string;
export type IconFlip = 'none' | 'horizontal' | 'vertical' | 'both';

const FLIP_TRANSFORM: Record<IconFlip, string | undefined> = {
  none: undefined,
  horizontal: 'scale(-1 1) translate(-24 0)',
  vertical: 'scale(1 -1) translate(0 -24)',
  both: 'scale(-1 -1) translate(-24 -24)',
};

export interface IconProps {
  name: IconName;
  size?: number;
  flip?: IconFlip;
  /** Accessible name; without it the icon is decorative (aria-hidden). */
  title?: string;
  className?: string;
}

export function Icon({ name, size = UI.iconSize, flip = 'none', title, className }: IconProps) {
  ensureUiStyles();
  const paths = PATHS[name] ?? PATHS.sparkle;
  return (
    <svg
      className={['w-icon', className].filter(Boolean).join(' ')}
      width={size}
      height={size}
      viewBox={UI.iconViewBox}
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      role={title ? 'img' : undefined}
      aria-label={title}
      aria-hidden={title ? undefined : true}
      focusable="false"
      data-flip={flip}
    >
      {title ? <title>{title}</title> : null}
      <g transform={FLIP_TRANSFORM[flip]}>
        {paths.map((d) => (
          <path key={d} d={d} />
        ))}
      </g>
    </svg>
  );
}
