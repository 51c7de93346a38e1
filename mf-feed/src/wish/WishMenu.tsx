import { useId, useLayoutEffect, useRef } from 'react';
import { Icon, useMenu } from '@wishes/kit-ui';

/** The screen's own bars (fixed, published by the shell as CSS variables): a menu must not open under them. */
function barHeight(name: '--shell-mobile-bar-height' | '--shell-header-height'): number {
  const value = parseFloat(getComputedStyle(document.documentElement).getPropertyValue(name));
  return Number.isFinite(value) ? value : 0;
}

/**
 * Opens the list upward when below the button it would run under the mobile bar or off the screen
 * and above there is room (below the header); otherwise leaves it below.
 */
export function placeMenuList(list: HTMLElement, button: HTMLElement): void {
  const bottomLimit = window.innerHeight - barHeight('--shell-mobile-bar-height');
  const below = list.getBoundingClientRect();
  const room = button.getBoundingClientRect().top - barHeight('--shell-header-height');
  list.classList.toggle('feed-menu__list--up', below.bottom > bottomLimit && room >= below.height + 8);
}

export interface WishMenuItem {
  label: string;
  icon: string;
  onSelect: () => void;
  /** A separator goes before it (staff actions after the everyday ones). */
  separatorBefore?: boolean;
}

/**
 * The card's context menu (WAI-ARIA menu button): Enter/Space/ArrowDown open it on the first
 * item, arrows move, Escape or Tab close it, focus returns to the button, an outside click closes it.
 */
export function WishMenu({ items }: { items: WishMenuItem[] }) {
  const { open, toggle, close, rootRef, buttonRef } = useMenu({ itemSelector: '[role="menuitem"]', closeOnTab: true });
  const menuId = useId();
  const listRef = useRef<HTMLUListElement>(null);
  // Before paint: the list opens where it is whole and uncovered (up near the mobile bar).
  useLayoutEffect(() => {
    if (open && listRef.current && buttonRef.current) placeMenuList(listRef.current, buttonRef.current);
  }, [open, buttonRef]);

  return (
    <div className="feed-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="feed-menu__button"
        aria-label="More options"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={toggle}
      >
        <Icon name="more" />
      </button>
      {open ? (
        <ul ref={listRef} id={menuId} className="feed-menu__list" role="menu" aria-label="Wish options">
          {items.flatMap((item) => [
            ...(item.separatorBefore ? [<li key={`${item.label}-separator`} role="separator" className="feed-menu__separator" />] : []),
            <li key={item.label} role="none">
              <button
                type="button"
                role="menuitem"
                tabIndex={-1}
                className="feed-menu__item"
                onClick={() => {
                  // Focus goes back to the menu button first, so a modal opened next returns focus there.
                  close(true);
                  item.onSelect();
                }}
              >
                <Icon name={item.icon} size={18} />
                {item.label}
              </button>
            </li>,
          ])}
        </ul>
      ) : null}
    </div>
  );
}
