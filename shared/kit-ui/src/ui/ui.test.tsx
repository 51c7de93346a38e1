import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from './Button';
import { Icon } from './Icon';
import { Modal, modalZIndex } from './Modal';
import { Spinner, ErrorState } from './Status';

describe('Button', () => {
  it('exposes its text as the accessible name and activates with Enter and Space', async () => {
    const onClick = jest.fn();
    render(<Button onClick={onClick}>Save Wish</Button>);
    const button = screen.getByRole('button', { name: 'Save Wish' });
    button.focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard(' ');
    expect(onClick).toHaveBeenCalledTimes(2);
  });

  it('applies shape and size classes', () => {
    render(
      <Button shape="rounded" size="larger">
        Go
      </Button>,
    );
    expect(screen.getByRole('button')).toHaveClass('w-btn--rounded', 'w-btn--larger');
  });

  it('grows a 300 px ripple and removes it 300 ms after release', () => {
    jest.useFakeTimers();
    try {
      render(<Button>Tap</Button>);
      const button = screen.getByRole('button');
      fireEvent.pointerDown(button, { clientX: 5, clientY: 5 });
      const ripple = screen.getByTestId('ripple');
      expect(ripple).toHaveStyle({ width: '300px', height: '300px' });
      fireEvent.pointerUp(button);
      act(() => jest.advanceTimersByTime(299));
      expect(screen.queryByTestId('ripple')).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(1));
      expect(screen.queryByTestId('ripple')).not.toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('Icon', () => {
  it('defaults to 24 px with a 24×24 view box and is decorative without a title', () => {
    const { container } = render(<Icon name="feed" />);
    const svg = container.querySelector('svg')!;
    expect(svg).toHaveAttribute('width', '24');
    expect(svg).toHaveAttribute('viewBox', '0 0 24 24');
    expect(svg).toHaveAttribute('aria-hidden', 'true');
  });
  it.each([
    ['none', null],
    ['horizontal', 'scale(-1 1) translate(-24 0)'],
    ['vertical', 'scale(1 -1) translate(0 -24)'],
    ['both', 'scale(-1 -1) translate(-24 -24)'],
  ] as const)('flips %s', (flip, transform) => {
    const { container } = render(<Icon name="upvote" flip={flip} title="Upvote" />);
    expect(screen.getByRole('img', { name: 'Upvote' })).toBeInTheDocument();
    const group = container.querySelector('g')!;
    if (transform) expect(group).toHaveAttribute('transform', transform);
    else expect(group).not.toHaveAttribute('transform');
  });
});

describe('Modal', () => {
  it('stacks at 1000 + 2 per level', () => {
    expect(modalZIndex(0)).toBe(1000);
    expect(modalZIndex(1)).toBe(1002);
    render(
      <Modal title="Share" onClose={() => {}} level={1}>
        x
      </Modal>,
    );
    expect(screen.getByTestId('modal-overlay')).toHaveStyle({ zIndex: '1002' });
  });

  it('is a labelled dialog; Escape closes it; focus stays inside and returns to the opener', async () => {
    const opener = document.createElement('button');
    document.body.appendChild(opener);
    opener.focus();
    const onClose = jest.fn();
    const { unmount } = render(
      <Modal title="People who voted" onClose={onClose}>
        <button>First</button>
        <button>Last</button>
      </Modal>,
    );
    expect(screen.getByRole('dialog', { name: 'People who voted' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await userEvent.tab();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Last' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Last' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    unmount();
    expect(opener).toHaveFocus();
    opener.remove();
  });

  it('only the top modal reacts to Escape', async () => {
    const bottom = jest.fn();
    const top = jest.fn();
    render(
      <>
        <Modal title="A" onClose={bottom} level={0} isTop={false}>
          a
        </Modal>
        <Modal title="B" onClose={top} level={1}>
          b
        </Modal>
      </>,
    );
    await userEvent.keyboard('{Escape}');
    expect(top).toHaveBeenCalledTimes(1);
    expect(bottom).not.toHaveBeenCalled();
  });
});

describe('status states', () => {
  it('announces loading and errors, with retry', async () => {
    const onRetry = jest.fn();
    render(
      <>
        <Spinner label="Loading wish..." />
        <ErrorState message="Failed to load voters. Please try again." onRetry={onRetry} />
      </>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading wish...');
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load voters. Please try again.');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalled();
  });
});
