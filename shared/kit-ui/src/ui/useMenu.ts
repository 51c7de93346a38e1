import { useCallback, useEffect, useRef, useState } from 'react';

export interface MenuOptions {
  /** Selects the entries inside the root that arrows move between. */
  itemSelector: string;
  /**
   * Tab closes the menu (WAI-ARIA menu button, whose items leave the tab order); without it the
   * menu closes only when focus leaves it (disclosure pattern, whose links are tabbable).
   */
  closeOnTab?: boolean;
}

/**
 * Keyboard and pointer behaviour of a menu that a button opens (the account menu, a wish's menu):
 * opening focuses the first entry (ArrowUp on the button: the last); Up/Down wrap, Home/End jump;
 * Escape closes and returns focus to the button without closing a surrounding modal; a click
 * outside or focus leaving the root closes it. Attach `rootRef` to the element that holds both
 * the button (`buttonRef`) and the entries.
 */
export function useMenu({ itemSelector, closeOnTab = false }: MenuOptions) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const focusLast = useRef(false);

  const openAt = useCallback((which: 'first' | 'last') => {
    focusLast.current = which === 'last';
    setOpen(true);
  }, []);

  const close = useCallback((returnFocus = false) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  useEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    const entries = () => Array.from(root.querySelectorAll<HTMLElement>(itemSelector));
    if (open) {
      const list = entries();
      (focusLast.current ? list[list.length - 1] : list[0])?.focus();
    }

    const onKeyDown = (event: KeyboardEvent) => {
      if (!open) {
        if (event.target !== buttonRef.current) return;
        if (event.key === 'ArrowDown') openAt('first');
        else if (event.key === 'ArrowUp') openAt('last');
        else return;
        event.preventDefault();
        return;
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        close(true);
        return;
      }
      if (event.key === 'Tab') {
        if (closeOnTab) setOpen(false);
        return;
      }
      const list = entries();
      const current = list.findIndex((element) => element === document.activeElement);
      const moveTo = (index: number) => list[(index + list.length) % list.length]?.focus();
      if (event.key === 'ArrowDown') moveTo(current + 1);
      else if (event.key === 'ArrowUp') moveTo(current < 0 ? list.length - 1 : current - 1);
      else if (event.key === 'Home') moveTo(0);
      else if (event.key === 'End') moveTo(list.length - 1);
      else return;
      event.preventDefault();
    };
    const onFocusOut = (event: FocusEvent) => {
      if (open && event.relatedTarget && !root.contains(event.relatedTarget as Node)) setOpen(false);
    };
    const onPointerDown = (event: MouseEvent | TouchEvent) => {
      if (!root.contains(event.target as Node)) setOpen(false);
    };

    root.addEventListener('keydown', onKeyDown);
    root.addEventListener('focusout', onFocusOut);
    if (open) {
      document.addEventListener('mousedown', onPointerDown);
      document.addEventListener('touchstart', onPointerDown);
    }
    return () => {
      root.removeEventListener('keydown', onKeyDown);
      root.removeEventListener('focusout', onFocusOut);
      document.removeEventListener('mousedown', onPointerDown);
      document.removeEventListener('touchstart', onPointerDown);
    };
  }, [open, itemSelector, closeOnTab, openAt, close]);

  const toggle = useCallback(() => (open ? setOpen(false) : openAt('first')), [open, openAt]);

  return { open, toggle, close, rootRef, buttonRef };
}
