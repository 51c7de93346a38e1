import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { toast } from '@wishes/kit-session';
import { onFirstInteraction, ToastHost, toastsCoverControls } from './ToastHost';

describe('ToastHost', () => {
  it('announces bus toasts of each kind (role=alert) in the top-right container', async () => {
    const { container } = render(<ToastHost />);
    act(() => {
      toast.success('Upvoted');
      toast.error('Failed to vote');
      toast.info('Please sign in first');
      toast.warning('Careful');
    });
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual(expect.arrayContaining(['Upvoted', 'Failed to vote', 'Please sign in first', 'Careful']));
    expect(container.ownerDocument.querySelector('.Toastify__toast-container--top-right')).not.toBeNull();
    expect(container.ownerDocument.querySelector('.Toastify__toast--success')).toHaveTextContent('Upvoted');
    expect(container.ownerDocument.querySelector('.Toastify__toast--error')).toHaveTextContent('Failed to vote');
  });

  it('closes a toast after its duration (default 5000 ms)', async () => {
    jest.useFakeTimers();
    try {
      render(<ToastHost />);
      act(() => toast.success('Vote removed', 800));
      expect(await screen.findByText('Vote removed')).toBeInTheDocument();
      const bar = document.querySelector('.Toastify__progress-bar') as HTMLElement;
      expect(bar.style.animationDuration).toBe('800ms');
      act(() => toast.info('Default length'));
      const bars = Array.from(document.querySelectorAll<HTMLElement>('.Toastify__progress-bar'));
      expect(bars.map((b) => b.style.animationDuration)).toContain('5000ms');
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('ToastHost placement, repeats and actions', () => {
  it('collapses a repeated message (numbers aside) into the toast already shown', async () => {
    render(<ToastHost />);
    act(() => toast.success('Wish generated! 19/20 generations remaining this hour.'));
    expect(await screen.findByText(/19\/20/)).toBeInTheDocument();
    act(() => {
      toast.success('Wish generated! 18/20 generations remaining this hour.');
      toast.success('Wish generated! 17/20 generations remaining this hour.');
    });
    expect(await screen.findByText(/17\/20/)).toBeInTheDocument();
    expect(screen.getAllByText(/Wish generated!/)).toHaveLength(1);
  });

  it('shows an action button that navigates and closes the toast', async () => {
    const { bus } = await import('@wishes/kit-session');
    const seen: string[] = [];
    const subscription = bus.navigate$.subscribe((event) => seen.push(event.to));
    render(<ToastHost />);
    act(() => toast.error('Please sign in to vote', undefined, { label: 'Sign in', to: '/auth/sign_in?next=%2Fwish%2F3' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Please sign in to vote');
    act(() => screen.getByRole('button', { name: 'Sign in' }).click());
    expect(seen).toEqual(['/auth/sign_in?next=%2Fwish%2F3']);
    subscription.unsubscribe();
  });

  it('keeps the top-right container below the header', async () => {
    render(<ToastHost />);
    act(() => toast.info('Hello'));
    await screen.findByText('Hello');
    const container = document.querySelector<HTMLElement>('.Toastify__toast-container--top-right');
    expect(container).toHaveClass('shell-toasts--below-header');
  });

  it("moves to the other edge while a toast covers the focused control (a card's menu button after saving), and back once none is left", async () => {
    // jsdom lays nothing out: the toasts' corner and the button's place are given as Chromium measures them at 1280 px.
    const boxes = new Map<string, Partial<DOMRect>>([
      ['toasts', { top: 72, bottom: 136, left: 944, right: 1264 }],
      ['menu', { top: 100, bottom: 140, left: 950, right: 990 }],
    ]);
    const rect = jest.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      const box = this.classList.contains('Toastify__toast-container') ? boxes.get('toasts') : this.getAttribute('aria-label') === 'More options' ? boxes.get('menu') : undefined;
      return { top: 0, bottom: 0, left: 0, right: 0, ...box } as DOMRect;
    });
    try {
      render(
        <>
          <button type="button" aria-label="More options">
            ⋯
          </button>
          <ToastHost />
        </>,
      );
      act(() => toast.success('Wish updated', 1000));
      await screen.findByText('Wish updated');
      const container = () => document.querySelector<HTMLElement>('.Toastify__toast-container--top-right');
      expect(container()).toHaveClass('shell-toasts--below-header');
      expect(toastsCoverControls()).toBe(false);

      // Focus returns to the card's menu button, under the toast: the toasts move to the bottom.
      act(() => screen.getByRole('button', { name: 'More options' }).focus());
      expect(toastsCoverControls()).toBe(true);
      await waitFor(() => expect(container()).toHaveClass('shell-toasts--bottom', 'shell-toasts--moved'));
      expect(container()).not.toHaveClass('shell-toasts--below-header');

      // The last toast gone (closed here: jsdom runs no animation, so none times out): the next one is in its usual place again.
      act(() => screen.getByRole('button', { name: 'close' }).click());
      const leaving = document.querySelector('.Toastify__toast');
      if (leaving) fireEvent.animationEnd(leaving);
      await waitFor(() => expect(screen.queryByText('Wish updated')).not.toBeInTheDocument());
      boxes.set('menu', { top: 400, bottom: 440, left: 950, right: 990 });
      act(() => toast.info('Hello again'));
      await screen.findByText('Hello again');
      expect(container()).toHaveClass('shell-toasts--below-header');
    } finally {
      rect.mockRestore();
    }
  });

  it('a toast over nothing in use, or over the page body, stays where it is', () => {
    document.body.innerHTML = '<div class="Toastify__toast-container"><div class="Toastify__toast">Hi</div></div>';
    expect(toastsCoverControls()).toBe(false);
    document.body.innerHTML = '';
    expect(toastsCoverControls()).toBe(false);
  });
});

describe('onFirstInteraction (when the toast library is fetched without a toast)', () => {
  it('runs the task once, at the first press, key or touch, and not before', () => {
    const task = jest.fn();
    const cancel = onFirstInteraction(task);
    window.dispatchEvent(new Event('scroll'));
    expect(task).not.toHaveBeenCalled();
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', bubbles: true }));
    expect(task).toHaveBeenCalledTimes(1);
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    window.dispatchEvent(new Event('touchstart'));
    expect(task).toHaveBeenCalledTimes(1);
    cancel();
  });

  it('does nothing once cancelled (the host unmounted)', () => {
    const task = jest.fn();
    onFirstInteraction(task)();
    window.dispatchEvent(new Event('pointerdown'));
    expect(task).not.toHaveBeenCalled();
  });
});
