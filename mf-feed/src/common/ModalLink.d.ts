import type { ReactNode } from 'react';
/**
 * A link inside a bus-opened modal. The shell renders modals in its own tree, so this asks the
 * shell to navigate through the bus (and closes the modal) instead of relying on router context.
 * Modified clicks (new tab, new window) keep the browser's default behaviour.
 */
export declare function ModalLink({ to, onNavigate, className, children }: {
    to: string;
    onNavigate?: () => void;
    className?: string;
    children: ReactNode;
}): import("react").JSX.Element;
