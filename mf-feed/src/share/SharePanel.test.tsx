import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SharePanel, socialShareLinks } from './SharePanel';
import { flushRealClock, recordToasts, renderAt, resetSharedState } from '@wishes/kit-test';

const link = `${window.location.origin}/wish/42`;
let toasts: ReturnType<typeof recordToasts>;
let writeText: jest.Mock;

beforeEach(() => {
  resetSharedState();
  toasts = recordToasts();
  writeText = jest.fn().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});
afterEach(() => {
  toasts.stop();
  jest.useRealTimers();
  delete (navigator as { share?: unknown }).share;
});

it('shows the wish link in a labelled read-only input', () => {
  renderAt(<SharePanel wishId={42} />);
  const input = screen.getByLabelText('Link to this wish');
  expect(input).toHaveValue(link);
  expect(input).toHaveAttribute('readonly');
});

it("copies the link; the button reads 'Copied!' for 2 s, then 'Copy Link' again", async () => {
  jest.useFakeTimers();
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  // user-event's setup() installs its own clipboard stub; put the spy back.
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  renderAt(<SharePanel wishId={42} />);
  await user.click(screen.getByRole('button', { name: 'Copy Link' }));
  expect(writeText).toHaveBeenCalledWith(link);
  await flushRealClock();
  expect(screen.getByRole('button', { name: 'Copied!' })).toBeInTheDocument();
  act(() => jest.advanceTimersByTime(1999));
  expect(screen.getByRole('button', { name: 'Copied!' })).toBeInTheDocument();
  act(() => jest.advanceTimersByTime(1));
  expect(screen.getByRole('button', { name: 'Copy Link' })).toBeInTheDocument();
  expect(toasts.texts()).toEqual([]);
});

it("a failed copy toasts 'Failed to copy text' and keeps 'Copy Link'", async () => {
  writeText.mockRejectedValue(new Error('denied'));
  renderAt(<SharePanel wishId={42} />);
  await userEvent.click(screen.getByRole('button', { name: 'Copy Link' }));
  expect(toasts.texts()).toEqual(['error: Failed to copy text']);
  expect(screen.getByRole('button', { name: 'Copy Link' })).toBeInTheDocument();
});

it('a missing clipboard API is a failed copy too', async () => {
  Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
  renderAt(<SharePanel wishId={42} />);
  await userEvent.click(screen.getByRole('button', { name: 'Copy Link' }));
  expect(toasts.texts()).toEqual(['error: Failed to copy text']);
});

it('offers X, Facebook and WhatsApp links that open in a new tab', () => {
  renderAt(<SharePanel wishId={42} />);
  const encoded = encodeURIComponent(link);
  const x = screen.getByRole('link', { name: 'X (Twitter)' });
  expect(x).toHaveAttribute('href', `https://twitter.com/intent/tweet?url=${encoded}`);
  expect(x).toHaveAttribute('target', '_blank');
  expect(x.getAttribute('rel')).toContain('noopener');
  expect(screen.getByRole('link', { name: 'Facebook' })).toHaveAttribute('href', `https://www.facebook.com/sharer/sharer.php?u=${encoded}`);
  expect(screen.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute('href', `https://wa.me/?text=${encoded}`);
  expect(socialShareLinks('x')).toHaveLength(3);
});

it('uses the Web Share API when the browser has it, and ignores a cancelled share sheet', async () => {
  const share = jest.fn().mockRejectedValue(new DOMException('cancelled', 'AbortError'));
  Object.defineProperty(navigator, 'share', { value: share, configurable: true });
  renderAt(<SharePanel wishId={42} />);
  const list = screen.getByRole('list');
  await userEvent.click(within(list).getByRole('button', { name: /Share via/ }));
  expect(share).toHaveBeenCalledWith(expect.objectContaining({ url: link }));
  expect(toasts.texts()).toEqual([]);
});

it('hides the Web Share button when the browser lacks it', () => {
  renderAt(<SharePanel wishId={42} />);
  expect(screen.queryByRole('button', { name: /Share via/ })).toBeNull();
});
