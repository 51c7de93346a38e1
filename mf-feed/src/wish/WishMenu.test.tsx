import { placeMenuList } from './WishMenu';

/** An element whose box is given (jsdom lays nothing out). */
function boxed(tag: string, box: { top: number; bottom: number }): HTMLElement {
  const element = document.createElement(tag);
  element.getBoundingClientRect = () => ({ ...box, left: 0, right: 40, width: 40, height: box.bottom - box.top, x: 0, y: box.top, toJSON: () => box }) as DOMRect;
  return element;
}

describe('placeMenuList: the card menu opens where it is whole and uncovered', () => {
  beforeEach(() => {
    Object.defineProperty(window, 'innerHeight', { configurable: true, value: 844 });
    document.documentElement.style.setProperty('--shell-mobile-bar-height', '64px');
    document.documentElement.style.setProperty('--shell-header-height', '60px');
  });
  afterEach(() => document.documentElement.removeAttribute('style'));

  it('opens upward when below the button it would run under the mobile bar', () => {
    const list = boxed('ul', { top: 764, bottom: 1004 });
    placeMenuList(list, boxed('button', { top: 720, bottom: 760 }));
    expect(list).toHaveClass('feed-menu__list--up');
  });

  it('stays below when it fits above the bar, or when there is no room above', () => {
    const fits = boxed('ul', { top: 300, bottom: 540 });
    placeMenuList(fits, boxed('button', { top: 256, bottom: 296 }));
    expect(fits).not.toHaveClass('feed-menu__list--up');
    const noRoom = boxed('ul', { top: 164, bottom: 904 });
    placeMenuList(noRoom, boxed('button', { top: 120, bottom: 160 }));
    expect(noRoom).not.toHaveClass('feed-menu__list--up');
  });
});
