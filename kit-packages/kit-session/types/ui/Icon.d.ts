import { ICON_PATHS as PATHS } from './iconPaths';
export type IconName = keyof typeof PATHS | string;
export type IconFlip = 'none' | 'horizontal' | 'vertical' | 'both';
export interface IconProps {
    name: IconName;
    size?: number;
    flip?: IconFlip;
    /** Accessible name; without it the icon is decorative (aria-hidden). */
    title?: string;
    className?: string;
}
export declare function Icon({ name, size, flip, title, className }: IconProps): import("react").JSX.Element;
