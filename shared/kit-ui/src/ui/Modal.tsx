import { useEffect, useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { LAYOUT } from '@wishes/kit-contract/constants';
import { ensureUiStyles } from './styles';
import { Icon } from './Icon';

const FOCUSABLE = 'a[href],button:not([disabled]),input:not([disabled]),select:not([disabled]),textarea:not([disabled]),[tabindex]:not([tabindex="-1"])';

/** z-index of a modal's overlay at a stack level (0 = first): 1000 + 2 per level. */
export function modalZIndex(level: number): number {
  return LAYOUT.modalBaseZIndex + LAYOUT.modalZIndexStep * level;
}

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
export function Modal({ title, onClose, children, level = 0, isTop = true }: ModalProps) {
  ensureUiStyles();
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  // Escape calls the latest onClose without re-registering the key handler on every render.
  const onCloseRef = useRef(onClose);
  useLayoutEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const dialog = dialogRef.current;
    const first = dialog?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? dialog)?.focus();
    return () => {
      if (previous && document.contains(previous)) previous.focus();
    };
  }, []);

  useEffect(() => {
    if (!isTop) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab' || !dialogRef.current) return;
      const items = Array.from(dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE));
      if (items.length === 0) {
        event.preventDefault();
        return;
      }
      const firstItem = items[0];
      const lastItem = items[items.length - 1];
      const active = document.activeElement;
      if (event.shiftKey && (active === firstItem || !dialogRef.current.contains(active))) {
        event.preventDefault();
        lastItem.focus();
      } else if (!event.shiftKey && (active === lastItem || !dialogRef.current.contains(active))) {
        event.preventDefault();
        firstItem.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [isTop]);

  return (
    <div
      className="w-modal-overlay"
      style={{ zIndex: modalZIndex(level) }}
      data-testid="modal-overlay"
      // The backdrop: a pointer press outside the dialog closes it (Escape does for the keyboard).
      role="presentation"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget && isTop) onClose();
      }}
    >
      <div ref={dialogRef} className="w-modal" role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1} style={{ zIndex: modalZIndex(level) + 1 }}>
        <div className="w-modal__header">
          <h2 id={titleId} className="w-modal__title">
            {title}
          </h2>
          <button type="button" className="w-btn w-btn--ghost w-btn--rounded w-btn--normal" aria-label="Close" onClick={onClose}>
            <Icon name="close" />
          </button>
        </div>
        <div className="w-modal__body">{children}</div>
      </div>
    </div>
  );
}
