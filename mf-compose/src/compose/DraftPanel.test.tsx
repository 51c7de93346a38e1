/** Length, "Give me 3", the rewrites and a stream that breaks off, on the compose page. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ComposePage from './ComposePage';
import { fillComposeForm, OPTIONS, recordToasts, renderAt, setOptions } from '../test/harness';
import { answerWith, draftStream, eventStreamResponse, operationUrl, refuse, unchecked, type RecordedRequest } from '../test/http';

const STREAM_URL = operationUrl('streamGeneratedText');
const GENERATE_URL = operationUrl('generateText');
const IMPROVE_URL = operationUrl('improveText');

let toasts: ReturnType<typeof recordToasts>;
let server: ReturnType<typeof answerWith>;
let streamResponder: (request: RecordedRequest) => Response | Promise<Response>;

beforeEach(() => {
  setOptions(OPTIONS);
  toasts = recordToasts();
  streamResponder = () => draftStream({ text: 'Hey Anna! I heard you turn 30.', rate_limit: { limit: 20, remaining: 19 } });
  server = answerWith({
    streamGeneratedText: (request) => streamResponder(request),
    generateText: { body: { text: 'One', variants: ['One', 'Two', 'Three'], rate_limit: { limit: 20, remaining: 18 } } },
    improveText: (request) => {
      const { text, instruction } = request.body as { text: string; instruction: string };
      return { body: { text: `${text.split(' ')[0]} (${instruction})`, rate_limit: { limit: 20, remaining: 17 } } };
    },
  });
});

afterEach(() => {
  toasts.stop();
  server.restore();
  setOptions(null);
});

async function fillAll(user: ReturnType<typeof userEvent.setup>) {
  await fillComposeForm(user, 'turns 30');
}

function renderCompose() {
  const user = userEvent.setup();
  renderAt('/compose', ['/compose'], <ComposePage />);
  return user;
}

/** The draft's live region (the character counters are status regions too). */
const draftStatus = () => document.querySelector('.compose-status[role="status"][aria-live="polite"]');
const toastTexts = () => toasts.toasts.map((toast) => `${toast.kind}: ${toast.text}`);

describe('compose: length, variants and rewrites', () => {
  it('sends the chosen length, from the keyboard', async () => {
    const user = renderCompose();
    await fillAll(user);
    const medium = screen.getByRole('radio', { name: 'Medium' });
    expect(medium).toBeChecked();
    medium.focus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('radio', { name: 'Short' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await screen.findByLabelText('Your wish')).toHaveValue('Hey Anna! I heard you turn 30.');
    expect(server.requests.find((r) => r.url === STREAM_URL)?.body).toMatchObject({ name: 'Anna', length: 'short' });
    expect(draftStatus()).toHaveTextContent('Your wish is ready to edit.');
    expect(toastTexts()).toEqual(['success: Wish generated! 19/20 generations remaining this hour.']);
  });

  it('"Give me 3" offers three drafts; picking one puts it in the editor and says so', async () => {
    const user = renderCompose();
    await fillAll(user);
    await user.click(screen.getByRole('button', { name: 'Give me 3' }));
    const offer = await screen.findByRole('region', { name: 'Drafts to choose from' });
    expect(within(offer).getAllByRole('listitem').map((item) => item.querySelector('p')?.textContent)).toEqual(['One', 'Two', 'Three']);
    expect(server.requests.find((r) => r.url === GENERATE_URL)?.body).toMatchObject({ variants: 3, length: 'medium' });
    expect(draftStatus()).toHaveTextContent('3 drafts ready. Pick one to put it in the editor.');
    expect(screen.getByText('18 of 20 generations left this hour')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Use draft 2' }));
    expect(screen.getByLabelText('Your wish')).toHaveValue('Two');
    expect(screen.queryByRole('region', { name: 'Drafts to choose from' })).not.toBeInTheDocument();
    expect(draftStatus()).toHaveTextContent('Draft 2 is in the editor.');
  });

  it('rewrites the text in the editor (Shorter) and announces it', async () => {
    const user = renderCompose();
    await fillAll(user);
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    await screen.findByLabelText('Your wish');
    await user.click(await screen.findByRole('button', { name: 'Shorter' }));
    await waitFor(() => expect(screen.getByLabelText('Your wish')).toHaveValue('Hey (shorter)'));
    expect(server.requests.find((r) => r.url === IMPROVE_URL)?.body).toEqual({ text: 'Hey Anna! I heard you turn 30.', instruction: 'shorter' });
    expect(draftStatus()).toHaveTextContent('Rewritten: shorter. You can keep editing.');
    expect(screen.getByText('17 of 20 generations left this hour')).toBeInTheDocument();
    for (const name of ['Warmer', 'Funnier', 'More formal']) expect(screen.getByRole('button', { name })).toBeEnabled();
  });

  it('keeps what arrived when the stream breaks off, and shows the reason', async () => {
    streamResponder = () =>
      eventStreamResponse([
        { event: 'token', data: { text: 'Hey' } },
        { event: 'token', data: { text: ' Anna!' } },
        { event: 'error', data: { error: 'The wish generator stopped before the draft was finished. What arrived is kept; please try again.', status: 502 } },
      ]);
    const user = renderCompose();
    await fillAll(user);
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(toasts.toasts).toHaveLength(1));
    expect(screen.getByLabelText('Your wish')).toHaveValue('Hey Anna!');
    expect(toastTexts()).toEqual(['error: The wish generator stopped before the draft was finished. What arrived is kept; please try again.']);
    expect(draftStatus()).toHaveTextContent('The draft stopped early. The text written so far is kept.');
    expect(screen.getByRole('button', { name: 'Generate' })).toBeEnabled();
  });

  it('shows the spec text when a rewrite fails, and keeps the text', async () => {
    const user = renderCompose();
    await fillAll(user);
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    await screen.findByLabelText('Your wish');
    server.restore();
    const unavailable = refuse(503, 'The wish generator is not available right now. Please try again later.');
    server = answerWith({ streamGeneratedText: unavailable, generateText: unavailable, improveText: unavailable });
    await user.click(screen.getByRole('button', { name: 'Warmer' }));
    await waitFor(() => expect(toasts.toasts.length).toBeGreaterThan(1));
    expect(toastTexts().at(-1)).toBe('error: Failed to rewrite the wish. Please try again.');
    expect(screen.getByLabelText('Your wish')).toHaveValue('Hey Anna! I heard you turn 30.');
  });
});

describe('compose: a refused stream', () => {
  it('keeps the earlier text when the next draft is refused (429)', async () => {
    const user = renderCompose();
    await fillAll(user);
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await screen.findByLabelText('Your wish')).toHaveValue('Hey Anna! I heard you turn 30.');
    streamResponder = () => unchecked(429, { error: 'You have reached the limit of 20 wish generations per hour. Please try again later.', rate_limit: { limit: 20, remaining: 0 } });
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    await user.click(await screen.findByRole('button', { name: 'Replace' }));
    await waitFor(() => expect(toastTexts().at(-1)).toBe('error: You have reached the limit of 20 wish generations per hour. Please try again later.'));
    expect(screen.getByLabelText('Your wish')).toHaveValue('Hey Anna! I heard you turn 30.');
    expect(screen.getByText('0 of 20 generations left this hour')).toBeInTheDocument();
  });
});
