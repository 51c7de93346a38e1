import { act, render, screen } from '@testing-library/react';
import { toast } from '@wishes/shared';
import { ToastHost } from './ToastHost';

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
