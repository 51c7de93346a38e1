import type { MouseEvent, ReactNode } from 'react';
import { navigate } from '@wishes/kit-session';

/**
 * A link inside a bus-opened modal. The shell renders modals in its own tree, so this asks the
 * shell to navigate through the bus (and closes the modal) instead of relying on router context.
 * Modified clicks (new tab, new window) keep the browser's default behaviour.
 */
export function ModalLink({ to, onNavigate, className, children }: { to: string; onNavigate?: () => void; className?: string; children: ReactNode }) {
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onNavigate?.();
    navigate(to);
  };
  return (
    <a href={to} className={className} onClick={handleClick}>
      {children}
    </a>
  );
}
