import { useId } from 'react';
import { Icon, useMenu } from '@wishes/shared';

export interface WishMenuItem {
  label: string;
  icon: string;
  onSelect: () => void;
}

/**
 * The card's context menu (WAI-ARIA menu button): Enter/Space/ArrowDown open it on the first
 * item, arrows move, Escape or Tab close it, focus returns to the button, an outside click closes it.
 */
export function WishMenu({ items }: { items: WishMenuItem[] }) {
  const { open, toggle, close, rootRef, buttonRef } = useMenu({ itemSelector: '[role="menuitem"]', closeOnTab: true });
  const menuId = useId();

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
        <ul id={menuId} className="feed-menu__list" role="menu" aria-label="Wish options">
          {items.map((item) => (
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
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
