import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ComposePage from './ComposePage';
import { fillComposeForm, OPTIONS, recordToasts, renderAt, setOptions } from '../test/harness';
import { deferred } from '@wishes/kit-test';
import { answerWith, draftStream, eventStreamResponse, operationUrl, refuse, unchecked, type OperationAnswer, type Responder } from '../test/http';

const PATTERNS = ['/compose', '/compose/:topic'];
const GENERATE_URL = operationUrl('streamGeneratedText');
const SAVE_URL = operationUrl('saveWish');

let toasts: ReturnType<typeof recordToasts>;
let server: ReturnType<typeof answerWith>;
let generateResponder: Responder;
let saveResponder: Responder<OperationAnswer<'saveWish'>>;

beforeEach(() => {
  setOptions(OPTIONS);
  toasts = recordToasts();
  generateResponder = () => draftStream({ text: 'Happy birthday, Anna!', rate_limit: { limit: 20, remaining: 19 } });
  saveResponder = () => ({ status: 201, body: { wish_id: 42 } });
  server = answerWith({
    streamGeneratedText: (request) => Promise.resolve().then(() => generateResponder(request)),
    saveWish: (request) => saveResponder(request),
  });
});

afterEach(() => {
  toasts.stop();
  server.restore();
  setOptions(null);
});

const generateRequests = () => server.requests.filter((request) => request.url === GENERATE_URL);
const saveRequests = () => server.requests.filter((request) => request.url === SAVE_URL);
const toastTexts = () => toasts.toasts.map((toast) => `${toast.kind}: ${toast.text}`);

function renderCompose(url = '/compose') {
  const user = userEvent.setup();
  renderAt(url, PATTERNS, <ComposePage />);
  return user;
}

async function fillAll(user: ReturnType<typeof userEvent.setup>) {
  await fillComposeForm(user, 'Turns 30, loves hiking');
}

async function generateOnce(user: ReturnType<typeof userEvent.setup>) {
  await fillAll(user);
  await user.click(screen.getByRole('button', { name: 'Generate' }));
  return screen.findByLabelText('Your wish');
}

describe('ComposePage: form', () => {
  it('titles the page and labels every field, with the server choices', () => {
    renderCompose();
    expect(screen.getByRole('heading', { level: 1, name: 'Compose Wish' })).toBeInTheDocument();
    expect(document.title).toBe('Compose Wish | Wishes');
    const style = screen.getByLabelText('Style');
    expect(within(style).getAllByRole('option').map((option) => option.textContent)).toEqual(['Choose a style', 'Heartfelt', 'Funny']);
    expect(within(screen.getByLabelText('Audience')).getByRole('option', { name: 'Colleague' })).toBeInTheDocument();
    expect(within(screen.getByLabelText('Topic')).getByRole('option', { name: 'New Baby' })).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAttribute('maxLength', '100');
    expect(screen.getByLabelText('Details')).toHaveAttribute('maxLength', '1000');
    expect(screen.getByText('Your generated wish will appear here, ready to edit.')).toBeInTheDocument();
    // Copy and Save appear only once there is text.
    expect(screen.queryByRole('button', { name: 'Copy' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save Wish' })).not.toBeInTheDocument();
  });

  it("shows the selected topic's details as a hint", async () => {
    const user = renderCompose();
    await user.selectOptions(screen.getByLabelText('Topic'), 'New Baby');
    expect(screen.getByLabelText('Topic')).toHaveAccessibleDescription('Welcome a little one.');
  });

  it('counts the details characters', async () => {
    const user = renderCompose();
    expect(screen.getByText('0/1000')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Details'), 'Hiking');
    expect(screen.getByText('6/1000')).toBeInTheDocument();
  });
});

describe('ComposePage: validation', () => {
  it('highlights every missing field, focuses the first and sends nothing', async () => {
    const user = renderCompose();
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    for (const label of ['Style', 'Audience', 'Name', 'Topic', 'Details']) {
      const field = screen.getByLabelText(label);
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription(expect.stringContaining('This field is required.'));
    }
    expect(screen.getAllByRole('alert').filter((alert) => alert.textContent === 'This field is required.')).toHaveLength(5);
    expect(screen.getByLabelText('Style')).toHaveFocus();
    expect(server.fetch).not.toHaveBeenCalled();
  });

  it.each([
    ['Style', ['Audience', 'Name', 'Topic', 'Details']],
    ['Audience', ['Style', 'Name', 'Topic', 'Details']],
    ['Name', ['Style', 'Audience', 'Topic', 'Details']],
    ['Topic', ['Style', 'Audience', 'Name', 'Details']],
    ['Details', ['Style', 'Audience', 'Name', 'Topic']],
  ])('with only %s missing, highlights and focuses it and sends nothing', async (missing, filled) => {
    const user = renderCompose();
    const fill: Record<string, () => Promise<void>> = {
      Style: () => user.selectOptions(screen.getByLabelText('Style'), 'Funny'),
      Audience: () => user.selectOptions(screen.getByLabelText('Audience'), 'Friend'),
      Name: () => user.type(screen.getByLabelText('Name'), 'Anna'),
      Topic: () => user.selectOptions(screen.getByLabelText('Topic'), 'Birthday'),
      Details: () => user.type(screen.getByLabelText('Details'), 'Loves hiking'),
    };
    for (const label of filled) await fill[label]();
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(screen.getByLabelText(missing)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(missing)).toHaveFocus();
    for (const label of filled) expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'false');
    expect(screen.getAllByText('This field is required.')).toHaveLength(1);
    expect(server.fetch).not.toHaveBeenCalled();
  });

  it('treats a name of spaces as missing', async () => {
    const user = renderCompose();
    await fillAll(user);
    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), '   ');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Name')).toHaveFocus();
    expect(server.fetch).not.toHaveBeenCalled();
  });

  it('clears a field error once the field is filled', async () => {
    const user = renderCompose();
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    await user.type(screen.getByLabelText('Name'), 'A');
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'false');
    expect(screen.getAllByText('This field is required.')).toHaveLength(4);
  });

  it('submits with Enter from a text field', async () => {
    const user = renderCompose();
    await fillAll(user);
    await user.type(screen.getByLabelText('Name'), '{Enter}');
    expect(await screen.findByLabelText('Your wish')).toHaveValue('Happy birthday, Anna!');
  });
});

describe('ComposePage: generate', () => {
  it('sends the five fields, shows the editable text and the rate-limit toast and quota', async () => {
    const user = renderCompose();
    const text = await generateOnce(user);
    expect(generateRequests()).toHaveLength(1);
    expect(generateRequests()[0]).toMatchObject({
      method: 'POST',
      body: { style: 'Funny', audience: 'Friend', name: 'Anna', topic: 'Birthday', details: 'Turns 30, loves hiking' },
    });
    expect(text).toHaveValue('Happy birthday, Anna!');
    expect(toastTexts()).toEqual(['success: Wish generated! 19/20 generations remaining this hour.']);
    expect(screen.getByText('19 of 20 generations left this hour')).toBeInTheDocument();
    await user.type(text, ' Enjoy!');
    expect(text).toHaveValue('Happy birthday, Anna! Enjoy!');
    expect(screen.getByRole('button', { name: 'Copy' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Save Wish' })).toBeEnabled();
  });

  it('trims the values it sends', async () => {
    const user = renderCompose();
    await fillAll(user);
    await user.type(screen.getByLabelText('Name'), '  ');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    await screen.findByLabelText('Your wish');
    expect((generateRequests()[0].body as { name: string }).name).toBe('Anna');
  });

  it('says the wish can be edited when the response has no rate limit', async () => {
    generateResponder = () => draftStream({ text: 'Best wishes!' });
    const user = renderCompose();
    expect(await generateOnce(user)).toHaveValue('Best wishes!');
    expect(toastTexts()).toEqual(['success: Wish generated successfully! You can now edit it.']);
    expect(screen.queryByText(/generations left this hour/)).not.toBeInTheDocument();
  });

  it("shows the server's error text on 429 and the spent quota", async () => {
    generateResponder = () =>
      unchecked(429, { error: 'You have used all 20 generations for this hour. Try again in 12 minutes.', rate_limit: { limit: 20, remaining: 0 } });
    const user = renderCompose();
    await fillAll(user);
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(toasts.toasts).toHaveLength(1));
    expect(toastTexts()).toEqual(['error: You have used all 20 generations for this hour. Try again in 12 minutes.']);
    expect(screen.getByText('0 of 20 generations left this hour')).toBeInTheDocument();
    expect(screen.queryByLabelText('Your wish')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generate' })).toBeEnabled();
  });

  it.each([
    ['a server error with its own text', () => refuse(502, 'The model provider is unavailable.')],
    ['a bad request', () => refuse(400, 'name is too long')],
    ['a response without text', () => eventStreamResponse([])],
    [
      'a network failure',
      () => {
        throw new TypeError('Failed to fetch');
      },
    ],
  ])('shows the generic failure toast on %s', async (_case, responder) => {
    generateResponder = responder;
    const user = renderCompose();
    await fillAll(user);
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(toasts.toasts).toHaveLength(1));
    expect(toastTexts()).toEqual(['error: Failed to generate wish. Please try again.']);
    expect(screen.getByRole('button', { name: 'Generate' })).toBeEnabled();
  });

  it('is busy while generating: disabled, "Generating…" with a spinner, one request only', async () => {
    const pending = deferred<Response>();
    generateResponder = () => pending.promise;
    const user = renderCompose();
    await fillAll(user);
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    const busy = screen.getByRole('button', { name: 'Generating…' });
    expect(busy).toBeDisabled();
    expect(busy.querySelector('.w-spinner')).not.toBeNull();
    await user.click(busy);
    await user.type(screen.getByLabelText('Name'), '{Enter}');
    expect(generateRequests()).toHaveLength(1);
    await act(async () => pending.resolve(draftStream({ text: 'Done' })));
    expect(await screen.findByRole('button', { name: 'Generate' })).toBeEnabled();
    expect(screen.getByLabelText('Your wish')).toHaveValue('Done');
  });

  it('regenerating keeps the field choices (after confirming the draft may go)', async () => {
    const user = renderCompose();
    await generateOnce(user);
    generateResponder = () => draftStream({ text: 'A second draft', rate_limit: { limit: 20, remaining: 18 } });
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Replace your text?' });
    expect(dialog).toHaveTextContent('Generating again replaces the current draft.');
    expect(generateRequests()).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Replace' }));
    await waitFor(() => expect(screen.getByLabelText('Your wish')).toHaveValue('A second draft'));
    expect(generateRequests()).toHaveLength(2);
    expect(generateRequests()[1].body).toEqual(generateRequests()[0].body);
    expect(screen.getByLabelText('Style')).toHaveValue('Funny');
    expect(screen.getByLabelText('Audience')).toHaveValue('Friend');
    expect(screen.getByLabelText('Name')).toHaveValue('Anna');
    expect(screen.getByLabelText('Topic')).toHaveValue('Birthday');
    expect(screen.getByLabelText('Details')).toHaveValue('Turns 30, loves hiking');
    expect(screen.getByText('18 of 20 generations left this hour')).toBeInTheDocument();
    expect(toastTexts()).toEqual([
      'success: Wish generated! 19/20 generations remaining this hour.',
      'success: Wish generated! 18/20 generations remaining this hour.',
    ]);
  });

  it('generates again without asking when the text was cleared', async () => {
    const user = renderCompose();
    const text = await generateOnce(user);
    await user.clear(text);
    generateResponder = () => draftStream({ text: 'Another go' });
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(screen.getByLabelText('Your wish')).toHaveValue('Another go'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks before replacing edited text: "Keep my text" keeps it, "Replace" generates again', async () => {
    const user = renderCompose();
    const text = await generateOnce(user);
    await user.type(text, ' With love, Ben.');
    generateResponder = () => draftStream({ text: 'A fresh draft' });

    await user.click(screen.getByRole('button', { name: 'Generate' }));
    let dialog = await screen.findByRole('dialog', { name: 'Replace your text?' });
    expect(dialog).toHaveTextContent('Generating again replaces the text you have edited.');
    await user.click(within(dialog).getByRole('button', { name: 'Keep my text' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(generateRequests()).toHaveLength(1);
    expect(screen.getByLabelText('Your wish')).toHaveValue('Happy birthday, Anna! With love, Ben.');

    await user.click(screen.getByRole('button', { name: 'Generate' }));
    dialog = await screen.findByRole('dialog', { name: 'Replace your text?' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(generateRequests()).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Generate' }));
    dialog = await screen.findByRole('dialog', { name: 'Replace your text?' });
    await user.click(within(dialog).getByRole('button', { name: 'Replace' }));
    await waitFor(() => expect(screen.getByLabelText('Your wish')).toHaveValue('A fresh draft'));
    expect(generateRequests()).toHaveLength(2);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('validates before asking to replace', async () => {
    const user = renderCompose();
    const text = await generateOnce(user);
    await user.type(text, '!');
    await user.clear(screen.getByLabelText('Details'));
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Details')).toHaveFocus();
    expect(generateRequests()).toHaveLength(1);
  });

  it('warns before leaving the page while there is unsaved text', async () => {
    const user = renderCompose();
    const before = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(before);
    expect(before.defaultPrevented).toBe(false);
    await generateOnce(user);
    const after = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(after);
    expect(after.defaultPrevented).toBe(true);
  });
});

describe('ComposePage: copy and save', () => {
  it('copies the current text and confirms', async () => {
    const user = renderCompose();
    const writeText = jest.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    const text = await generateOnce(user);
    await user.type(text, ' :)');
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(toastTexts()).toContain('success: Wish text copied to clipboard!'));
    expect(writeText).toHaveBeenCalledWith('Happy birthday, Anna! :)');
  });

  it('says so when copying fails', async () => {
    const user = renderCompose();
    jest.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    await generateOnce(user);
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(toastTexts()).toContain('error: Failed to copy text'));
  });

  it('says so when there is no clipboard', async () => {
    const user = renderCompose();
    await generateOnce(user);
    const clipboard = Object.getOwnPropertyDescriptor(navigator, 'clipboard');
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    try {
      await user.click(screen.getByRole('button', { name: 'Copy' }));
      await waitFor(() => expect(toastTexts()).toContain('error: Failed to copy text'));
    } finally {
      if (clipboard) Object.defineProperty(navigator, 'clipboard', clipboard);
      else delete (navigator as { clipboard?: unknown }).clipboard;
    }
  });

  it('defaults to Private and saves with is_public false, then opens the saved wish', async () => {
    const user = renderCompose();
    const text = await generateOnce(user);
    await user.type(text, ' See you soon.');
    expect(screen.getByRole('radio', { name: 'Private' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Public' })).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Save Wish' }));
    expect(await screen.findByText('Wish page 42')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/wish/42');
    expect(saveRequests()).toEqual([{ url: SAVE_URL, method: 'POST', body: { text: 'Happy birthday, Anna! See you soon.', is_public: false } }]);
  });

  it('saves as public when Public is chosen', async () => {
    saveResponder = () => ({ status: 201, body: { wish_id: 7 } });
    const user = renderCompose();
    await generateOnce(user);
    await user.click(screen.getByRole('radio', { name: 'Public' }));
    expect(screen.getByRole('radio', { name: 'Public' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Private' })).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Save Wish' }));
    expect(await screen.findByText('Wish page 7')).toBeInTheDocument();
    expect(saveRequests()[0].body).toEqual({ text: 'Happy birthday, Anna!', is_public: true });
  });

  it('switches visibility with the keyboard', async () => {
    const user = renderCompose();
    await generateOnce(user);
    screen.getByRole('radio', { name: 'Private' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'Public' })).toBeChecked();
  });

  it('keeps the text and shows the default message when saving fails', async () => {
    saveResponder = () => unchecked(500, {});
    const user = renderCompose();
    const text = await generateOnce(user);
    await user.type(text, ' xo');
    await user.click(screen.getByRole('button', { name: 'Save Wish' }));
    await waitFor(() => expect(toastTexts()).toContain('error: Failed to save wish. Please try again.'));
    expect(screen.getByLabelText('Your wish')).toHaveValue('Happy birthday, Anna! xo');
    expect(screen.getByTestId('location')).toHaveTextContent('/compose');
    expect(screen.getByRole('button', { name: 'Save Wish' })).toBeEnabled();
  });

  it("shows the server's error text when saving is refused", async () => {
    saveResponder = () => refuse(400, 'Wish text must be at most 2000 characters.');
    const user = renderCompose();
    await generateOnce(user);
    await user.click(screen.getByRole('button', { name: 'Save Wish' }));
    await waitFor(() => expect(toastTexts()).toContain('error: Wish text must be at most 2000 characters.'));
    expect(screen.getByLabelText('Your wish')).toHaveValue('Happy birthday, Anna!');
  });

  it('cannot save (or copy) empty text', async () => {
    const user = renderCompose();
    const text = await generateOnce(user);
    await user.clear(text);
    await user.type(text, '   ');
    expect(screen.getByRole('button', { name: 'Save Wish' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Copy' })).toBeDisabled();
    expect(screen.getByText('Write or generate some text to save it.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save Wish' }));
    expect(saveRequests()).toHaveLength(0);
  });

  it('disables Save while saving', async () => {
    const pending = deferred<OperationAnswer<'saveWish'>>();
    saveResponder = () => pending.promise;
    const user = renderCompose();
    await generateOnce(user);
    await user.click(screen.getByRole('button', { name: 'Save Wish' }));
    expect(screen.getByRole('button', { name: 'Saving…' })).toBeDisabled();
    await act(async () => pending.resolve({ status: 201, body: { wish_id: 9 } }));
    expect(await screen.findByText('Wish page 9')).toBeInTheDocument();
    expect(saveRequests()).toHaveLength(1);
  });
});

describe('ComposePage: topic from the route', () => {
  it('pre-selects a matching topic, case-insensitively, with its hint', () => {
    renderCompose('/compose/birthday');
    expect(screen.getByLabelText('Topic')).toHaveValue('Birthday');
    expect(screen.getByText('Celebrate another trip around the sun.')).toBeInTheDocument();
  });

  it('decodes a URL-encoded topic with spaces', () => {
    renderCompose('/compose/New%20Baby');
    expect(screen.getByLabelText('Topic')).toHaveValue('New Baby');
  });

  it('decodes a doubly encoded topic', () => {
    renderCompose('/compose/new%2520baby');
    expect(screen.getByLabelText('Topic')).toHaveValue('New Baby');
  });

  it('keeps an unknown topic as an extra choice and sends it', async () => {
    const user = renderCompose('/compose/Eid%20Mubarak');
    const topic = screen.getByLabelText('Topic');
    expect(topic).toHaveValue('Eid Mubarak');
    expect(within(topic).getByRole('option', { name: 'Eid Mubarak' })).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Style'), 'Funny');
    await user.selectOptions(screen.getByLabelText('Audience'), 'Friend');
    await user.type(screen.getByLabelText('Name'), 'Sam');
    await user.type(screen.getByLabelText('Details'), 'Family dinner');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    await screen.findByLabelText('Your wish');
    expect((generateRequests()[0].body as { topic: string }).topic).toBe('Eid Mubarak');
  });

  it('selects the topic once the options arrive', async () => {
    setOptions(null);
    server.restore();
    const options = deferred<OperationAnswer<'getOptions'>>();
    server = answerWith({ getOptions: () => options.promise });
    renderCompose('/compose/new%20baby');
    expect(screen.getByLabelText('Topic')).toBeDisabled();
    expect(screen.getByLabelText('Style')).toBeDisabled();
    expect(within(screen.getByLabelText('Style')).getByRole('option', { name: 'Loading choices…' })).toBeInTheDocument();
    await act(async () => options.resolve({ body: OPTIONS }));
    await waitFor(() => expect(screen.getByLabelText('Topic')).toBeEnabled());
    expect(screen.getByLabelText('Topic')).toHaveValue('New Baby');
    expect(within(screen.getByLabelText('Topic')).queryByRole('option', { name: 'new baby' })).not.toBeInTheDocument();
  });
});

describe('ComposePage: options unavailable', () => {
  it('falls back to typed choices and offers a retry', async () => {
    setOptions(null);
    server.restore();
    let optionsUp = false;
    server = answerWith({
      getOptions: () => (optionsUp ? { body: OPTIONS } : refuse(503, 'down')),
      streamGeneratedText: () => draftStream({ text: 'Typed choices work too' }),
    });
    const user = renderCompose('/compose/Picnic');
    const notice = await screen.findByText(/Could not load the style, audience and topic choices/);
    expect(notice.closest('[role="alert"]')).not.toBeNull();
    // Free-text fields keep the form usable.
    expect(screen.getByLabelText('Topic')).toHaveValue('Picnic');
    await user.type(screen.getByLabelText('Style'), 'Cheerful');
    await user.type(screen.getByLabelText('Audience'), 'Cousin');
    await user.type(screen.getByLabelText('Name'), 'Lee');
    await user.type(screen.getByLabelText('Details'), 'Sunny day');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await screen.findByLabelText('Your wish')).toHaveValue('Typed choices work too');
    expect(generateRequests()[0].body).toEqual({ style: 'Cheerful', audience: 'Cousin', name: 'Lee', topic: 'Picnic', details: 'Sunny day', length: 'medium' });

    optionsUp = true;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByLabelText('Style').tagName).toBe('SELECT'));
    expect(screen.queryByText(/Could not load the style/)).not.toBeInTheDocument();
    // A typed value that is not a server choice stays selected.
    expect(screen.getByLabelText('Style')).toHaveValue('Cheerful');
  });
});
