import { useCallback, useEffect, useRef, useState, type ButtonHTMLAttributes, type PointerEvent, type ReactNode } from 'react';
import { TIMING, UI } from '@wishes/kit-contract/constants';
import { ensureUiStyles } from './styles';

export type ButtonShape = 'rounded' | 'rounded-rect';
export type ButtonSize = 'normal' | 'large' | 'larger';
export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

export interface ButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> {
  children?: ReactNode;
  shape?: ButtonShape;
  size?: ButtonSize;
  variant?: ButtonVariant;
  /** An icon shown before the text. */
  icon?: ReactNode;
}

export function buttonClassName(shape: ButtonShape = 'rounded-rect', size: ButtonSize = 'normal', variant: ButtonVariant = 'primary', extra?: string): string {
  return ['w-btn', `w-btn--${shape}`, `w-btn--${size}`, `w-btn--${variant}`, extra].filter(Boolean).join(' ');
}

interface Ripple {
  key: number;
  x: number;
  y: number;
  released: boolean;
}

/**
 * A native <button> (so Enter and Space activate it and its text is its accessible name) with
 * a ripple that grows to 300 px and is removed 300 ms after release.
 */
export function Button({ children, shape = 'rounded-rect', size = 'normal', variant = 'primary', icon, className, type = 'button', onPointerDown, onPointerUp, onPointerLeave, ...rest }: ButtonProps) {
  ensureUiStyles();
  const [ripples, setRipples] = useState<Ripple[]>([]);
  const nextKey = useRef(0);
  const timers = useRef<Array<ReturnType<typeof setTimeout>>>([]);

  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const release = useCallback(() => {
    setRipples((current) => {
      if (!current.some((ripple) => !ripple.released)) return current;
      const timer = setTimeout(() => setRipples((now) => now.filter((ripple) => !ripple.released)), TIMING.rippleRemoveMs);
      timers.current.push(timer);
      return current.map((ripple) => ({ ...ripple, released: true }));
    });
  }, []);

  const handleDown = (event: PointerEvent<HTMLButtonElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    const key = nextKey.current++;
    // Synthetic pointer events (assistive tech, tests) may carry no coordinates: ripple from the centre.
    const x = Number.isFinite(event.clientX) ? event.clientX - rect.left : rect.width / 2;
    const y = Number.isFinite(event.clientY) ? event.clientY - rect.top : rect.height / 2;
    setRipples((current) => [...current, { key, x, y, released: false }]);
    onPointerDown?.(event);
  };

  return (
    <button
      type={type}
      className={buttonClassName(shape, size, variant, className)}
      onPointerDown={handleDown}
      onPointerUp={(event) => {
        release();
        onPointerUp?.(event);
      }}
      onPointerLeave={(event) => {
        release();
        onPointerLeave?.(event);
      }}
      {...rest}
    >
      {icon}
      {children}
      {ripples.map((ripple) => (
        <span
          key={ripple.key}
          className="w-ripple"
          data-testid="ripple"
          aria-hidden="true"
          style={{ left: ripple.x, top: ripple.y, width: UI.rippleSizePx, height: UI.rippleSizePx }}
        />
      ))}
    </button>
  );
}
