import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Icon } from '@wishes/shared';

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
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<Array<HTMLButtonElement | null>>([]);
  const focusIndex = useRef(0);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    itemRefs.current[focusIndex.current]?.focus();
    const onPointerDown = (event: MouseEvent | TouchEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointerDown);
    document.addEventListener('touchstart', onPointerDown);
    return () => {
      document.removeEventListener('mousedown', onPointerDown);
      document.removeEventListener('touchstart', onPointerDown);
    };
  }, [open]);

  const openAt = (index: number) => {
    focusIndex.current = index;
    setOpen(true);
  };

  const closeMenu = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const count = items.length;
    const current = itemRefs.current.findIndex((element) => element === document.activeElement);
    const moveTo = (index: number) => itemRefs.current[(index + count) % count]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        moveTo(current + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        moveTo(current - 1);
        break;
      case 'Home':
        event.preventDefault();
        moveTo(0);
        break;
      case 'End':
        event.preventDefault();
        moveTo(count - 1);
        break;
      case 'Escape':
        event.preventDefault();
        // Keep a surrounding modal (if any) from also closing.
        event.stopPropagation();
        closeMenu();
        break;
      case 'Tab':
        setOpen(false);
        break;
      default:
    }
  };

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
        onClick={() => (open ? setOpen(false) : openAt(0))}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            openAt(0);
          } else if (event.key === 'ArrowUp') {
            event.preventDefault();
            openAt(items.length - 1);
          }
        }}
      >
        <Icon name="more" />
      </button>
      {open ? (
        <ul id={menuId} className="feed-menu__list" role="menu" aria-label="Wish options" onKeyDown={onMenuKeyDown}>
          {items.map((item, index) => (
            <li key={item.label} role="none">
              <button
                ref={(element) => {
                  itemRefs.current[index] = element;
                }}
                type="button"
                role="menuitem"
                tabIndex={-1}
                className="feed-menu__item"
                onClick={() => {
                  // Focus goes back to the menu button first, so a modal opened next returns focus there.
                  closeMenu();
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
