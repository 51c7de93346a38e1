import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import BusinessPage from './BusinessPage';
import { OPTIONS, recordToasts, renderAt, setOptions } from '../test/harness';
import { deferred, signInForTest, signOutForTest } from '@wishes/kit-test';
import { answerWith, operationUrl, refuse, unchecked, type OperationAnswer, type Responder } from '../test/http';

const OFFER_URL = operationUrl('submitOffer');
const INVALID_EMAIL = 'Please enter a valid email address';

let toasts: ReturnType<typeof recordToasts>;
let server: ReturnType<typeof answerWith>;
let offerResponder: Responder<OperationAnswer<'submitOffer'>>;

beforeEach(() => {
  setOptions(OPTIONS);
  toasts = recordToasts();
  offerResponder = () => ({ status: 201, body: { message: 'Offer received successfully' } });
  server = answerWith({ submitOffer: (request) => offerResponder(request) });
});

afterEach(() => {
  toasts.stop();
  server.restore();
  setOptions(null);
  jest.useRealTimers();
});

const toastTexts = () => toasts.toasts.map((toast) => `${toast.kind}: ${toast.text}`);

function renderBusiness(options: { fakeTimers?: boolean } = {}) {
  // The network stays on real ticks (MSW answers through Node's fetch); the page's timers are fake.
  if (options.fakeTimers) jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] });
  const user = userEvent.setup(options.fakeTimers ? { advanceTimers: jest.advanceTimersByTime } : {});
  renderAt('/business', ['/business'], <BusinessPage />);
  return user;
}

async function fill(user: ReturnType<typeof userEvent.setup>, email: string, message = 'We would like to sponsor the Birthday category.') {
  if (email) await user.type(screen.getByLabelText('Email'), email);
  if (message) await user.type(screen.getByLabelText('Message'), message);
}

describe('BusinessPage', () => {
  it('has a title, an intro and labelled fields', () => {
    renderBusiness();
    expect(screen.getByRole('heading', { level: 1, name: 'Business' })).toBeInTheDocument();
    expect(document.title).toBe('Business | Wishes');
    expect(screen.getByText(/partnership, advertising/)).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Message').tagName).toBe('TEXTAREA');
    expect(screen.getByRole('button', { name: 'Send Offer' })).toBeEnabled();
    expect(screen.getByLabelText('Email').closest('form')).toHaveAttribute('novalidate');
  });

  it("starts with the member's own email, which they may change", () => {
    signInForTest(3, 'ada@example.com');
    try {
      renderBusiness();
      expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    } finally {
      signOutForTest();
    }
  });

  it.each([
    ['empty', ''],
    ['no @', 'anna.example.com'],
    ['two @', 'anna@b@example.com'],
    ['an empty local part', '@example.com'],
    ['no dot in the domain', 'anna@example'],
    ['a one-character final label', 'anna@example.c'],
    ['a trailing dot', 'anna@example.com.'],
    ['a space inside', 'an na@example.com'],
  ])('rejects an email with %s, focuses it and sends nothing', async (_case, email) => {
    const user = renderBusiness();
    await fill(user, email);
    await user.click(screen.getByRole('button', { name: 'Send Offer' }));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(INVALID_EMAIL);
    expect(alert.textContent).toBe(INVALID_EMAIL); // exactly the spec's text, no trailing dot
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(INVALID_EMAIL);
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(server.fetch).not.toHaveBeenCalled();
    expect(toasts.toasts).toHaveLength(0);
  });

  it('clears the email error when the email is edited', async () => {
    const user = renderBusiness();
    await fill(user, 'anna');
    await user.click(screen.getByRole('button', { name: 'Send Offer' }));
    expect(screen.getByText(INVALID_EMAIL)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), '@example.com');
    expect(screen.queryByText(INVALID_EMAIL)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'false');
  });

  it('sends the offer (trimmed email, message untouched), toasts and goes home after exactly 0.8 s', async () => {
    const user = renderBusiness({ fakeTimers: true });
    await fill(user, '  partner@brand.io ', 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send Offer' }));
    await waitFor(() => expect(toastTexts()).toEqual(['success: Offer received successfully']));
    expect(server.requests).toEqual([{ url: OFFER_URL, method: 'POST', body: { email: 'partner@brand.io', message: 'Hello' } }]);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send Offer' })).toBeDisabled());

    // waitFor moves the fake clock while polling; count from the moment of the success toast.
    const elapsed = Date.now() - toasts.toasts[0].at;
    act(() => {
      jest.advanceTimersByTime(799 - elapsed);
    });
    expect(screen.getByTestId('location')).toHaveTextContent('/business');
    expect(screen.queryByText('Home page')).not.toBeInTheDocument();
    act(() => {
      jest.advanceTimersByTime(1);
    });
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(screen.getByText('Home page')).toBeInTheDocument();
  });

  it('does not validate the message on the client', async () => {
    const user = renderBusiness();
    await fill(user, 'partner@brand.io', '');
    await user.click(screen.getByRole('button', { name: 'Send Offer' }));
    await waitFor(() => expect(server.requests).toHaveLength(1));
    expect(server.requests[0].body).toEqual({ email: 'partner@brand.io', message: '' });
  });

  it("shows the server's error as a toast and inline, and allows another try", async () => {
    offerResponder = () => refuse(400, 'Please enter a message.');
    const user = renderBusiness();
    await fill(user, 'partner@brand.io', '');
    await user.click(screen.getByRole('button', { name: 'Send Offer' }));
    await waitFor(() => expect(toastTexts()).toEqual(['error: Please enter a message.']));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a message.');
    expect(screen.getByRole('button', { name: 'Send Offer' })).toBeEnabled();
    expect(screen.getByTestId('location')).toHaveTextContent('/business');

    offerResponder = () => ({ status: 201, body: { message: 'Offer received successfully' } });
    await user.type(screen.getByLabelText('Message'), 'Now with a message');
    await user.click(screen.getByRole('button', { name: 'Send Offer' }));
    await waitFor(() => expect(toastTexts()).toContain('success: Offer received successfully'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each([
    ['a server error without text', () => unchecked(500, {})],
    [
      'a network failure',
      () => {
        throw new TypeError('Failed to fetch');
      },
    ],
  ])('shows the default error text on %s', async (_case, responder) => {
    offerResponder = responder;
    const user = renderBusiness();
    await fill(user, 'partner@brand.io');
    await user.click(screen.getByRole('button', { name: 'Send Offer' }));
    await waitFor(() => expect(toastTexts()).toEqual(['error: Error sending offer. Please try again.']));
    expect(screen.getByRole('alert')).toHaveTextContent('Error sending offer. Please try again.');
  });

  it('disables the button while sending and sends once', async () => {
    const pending = deferred<OperationAnswer<'submitOffer'>>();
    offerResponder = () => pending.promise;
    const user = renderBusiness();
    await fill(user, 'partner@brand.io');
    await user.click(screen.getByRole('button', { name: 'Send Offer' }));
    const busy = screen.getByRole('button', { name: 'Sending…' });
    expect(busy).toBeDisabled();
    await user.type(screen.getByLabelText('Email'), '{Enter}');
    expect(server.requests).toHaveLength(1);
    await act(async () => pending.resolve({ status: 201, body: { message: 'Offer received successfully' } }));
    await waitFor(() => expect(toastTexts()).toEqual(['success: Offer received successfully']));
  });
});
