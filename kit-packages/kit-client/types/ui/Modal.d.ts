import { type ReactNode } from 'react';
/** z-index of a modal's overlay at a stack level (0 = first): 1000 + 2 per level. */
export declare function modalZIndex(level: number): number;
export interface ModalProps {
    title: string;
    onClose: () => void;
    children: ReactNode;
    /** Position in the stack (0 = bottom). */
    level?: number;
    /** Only the top modal reacts to Escape and traps focus. */
    isTop?: boolean;
}
/** A dialog: labelled by its title, Escape closes it, focus stays inside and returns on close. */
export declare function Modal({ title, onClose, children, level, isTop }: ModalProps): import("react").JSX.Element;
