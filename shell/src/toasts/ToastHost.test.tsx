import { act, render, screen } from '@testing-library/react';
import { toast } from '@wishes/shared';
import { onFirstInteraction, ToastHost } from './ToastHost';

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
    const { bus } = jest.requireActual('@wishes/shared') as typeof import('@wishes/shared');
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
