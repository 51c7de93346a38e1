import { type ButtonHTMLAttributes, type ReactNode } from 'react';
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
export declare function buttonClassName(shape?: ButtonShape, size?: ButtonSize, variant?: ButtonVariant, extra?: string): string;
/**
 * A native <button> (so Enter and Space activate it and its text is its accessible name) with
 * a ripple that grows to 300 px and is removed 300 ms after release.
 */
export declare function Button({ children, shape, size, variant, icon, className, type, onPointerDown, onPointerUp, onPointerLeave, ...rest }: ButtonProps): import("react").JSX.Element;
