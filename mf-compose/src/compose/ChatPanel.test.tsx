import axe from 'axe-core';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ComposePage from './ComposePage';
import { fillComposeForm, OPTIONS, recordToasts, renderAt, setOptions } from '../test/harness';
import type { Chat, ChatSettings } from '@wishes/kit-contract';
import { answerWith, draftStream, makeWish, operationUrl, refuse, type OperationAnswer, type Responder } from '../test/http';

const PATTERNS = ['/compose', '/compose/:topic'];

// Typing with userEvent is slow on a loaded machine; nothing here measures time.
jest.setTimeout(90_000);
const DRAFT = 'Happy birthday, Anna! Have a lovely day.';
const SHORTER = 'Happy birthday, Anna!';
const AT = '2026-11-24T02:00:00.000Z';

let toasts: ReturnType<typeof recordToasts>;
let server: ReturnType<typeof answerWith>;
let chat: Chat;
let messageResponder: Responder<OperationAnswer<'postChatMessage'>>;

const SETTINGS: ChatSettings = { style: 'Funny', audience: 'Friend', name: 'Anna', topic: 'Birthday', details: 'Turns 30', length: 'short' };

beforeEach(() => {
  setOptions(OPTIONS);
  toasts = recordToasts();
  chat = { chat_id: 7, settings: SETTINGS, messages: [], versions: [{ text: DRAFT, created_at: AT }], wish_id: null };
  messageResponder = (request) => {
    const message = (request.body as { message: string }).message;
    chat.messages.push({ role: 'user', text: message, created_at: AT }, { role: 'assistant', text: 'I made it shorter.', created_at: AT });
    chat.versions.push({ text: SHORTER, created_at: AT });
    return { body: { reply: 'I made it shorter.', text: SHORTER, rate_limit: { limit: 20, remaining: 17 } } };
  };
  // Only chat 7 and its wish 42 exist.
  const notFound = refuse(404, 'Not found');
  const wish42 = { body: { wish: makeWish({ id: 42, text: DRAFT, is_public: true }) } };
  server = answerWith({
    streamGeneratedText: () => Promise.resolve(draftStream({ text: DRAFT, rate_limit: { limit: 20, remaining: 19 } })),
    createChat: { status: 201, body: { chat_id: 7, text: DRAFT, rate_limit: { limit: 20, remaining: 19 } } },
    postChatMessage: (request) => (request.params.id === '7' ? messageResponder(request) : notFound),
    getChat: ({ params }) => (params.id === '7' ? { body: chat } : notFound),
    getWish: ({ params }) => (params.id === '42' ? wish42 : notFound),
    updateWish: ({ params }) => (params.id === '42' ? wish42 : notFound),
    saveWish: { status: 201, body: { wish_id: 43 } },
  });
});

afterEach(() => {
  toasts.stop();
  server.restore();
  setOptions(null);
});

async function generate(user: ReturnType<typeof userEvent.setup>) {
  await fillComposeForm(user);
  await user.click(screen.getByRole('button', { name: 'Generate' }));
  await waitFor(() => expect(screen.getByLabelText('Your wish')).toHaveValue(DRAFT));
}

const requestsTo = (url: string) => server.requests.filter((r) => r.url === url);
const CREATE_CHAT = operationUrl('createChat');
const SAVE_WISH = operationUrl('saveWish');

describe('ComposePage: the chat with the assistant', () => {
  it('starts the chat from the editor with the first instruction, shows the answer, and saves with the chat', async () => {
    const user = userEvent.setup();
    renderAt('/compose', PATTERNS, <ComposePage />);
    await generate(user);
    expect(screen.getByRole('heading', { name: 'Ask the assistant' })).toBeInTheDocument();
    expect(screen.getByText(/No instructions yet/)).toBeInTheDocument();

    const box = screen.getByLabelText('Ask the assistant…');
    expect(box).toHaveAttribute('maxLength', '500');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await user.type(box, 'make it shorter');
    expect(screen.getByText('15/500')).toBeInTheDocument();
    await user.keyboard('{Enter}');

    await waitFor(() => expect(screen.getByLabelText('Your wish')).toHaveValue(SHORTER));
    // The chat started from the streamed draft (no second generation), then the instruction went with the editor's text.
    expect(requestsTo(CREATE_CHAT)[0].body).toEqual({ style: 'Funny', audience: 'Friend', name: 'Anna', topic: 'Birthday', details: 'Turns 30', length: 'medium', text: DRAFT });
    expect(requestsTo(operationUrl('postChatMessage', { params: { id: 7 } }))[0].body).toEqual({ message: 'make it shorter', text: DRAFT });
    expect(box).toHaveValue('');
    const log = screen.getByRole('list', { name: 'Conversation with the assistant' });
    expect(within(log).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Youmake it shorter', 'AssistantI made it shorter.']);
    // The reply is drawn once, in the log: the status line above the draft only announces it to screen readers.
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Assistant: I made it shorter.');
    expect(status).toHaveClass('w-visually-hidden');
    expect(screen.getAllByText(/I made it shorter\./).filter((element) => !status.contains(element))).toHaveLength(1);

    // Every version can go back into the editor.
    await user.click(screen.getByText('Versions (2)'));
    await user.click(screen.getByRole('button', { name: 'Restore version 1' }));
    expect(screen.getByLabelText('Your wish')).toHaveValue(DRAFT);
    expect(screen.getByRole('button', { name: 'Version 1 is in the editor' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Save Wish' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/wish/43'));
    expect(requestsTo(SAVE_WISH)[0].body).toEqual({ text: DRAFT, is_public: false, chat_id: 7 });
  });

  it('says so when the assistant cannot answer, and keeps the instruction to try again', async () => {
    messageResponder = () => refuse(503, 'The wish generator is not available right now. Please try again later.');
    const user = userEvent.setup();
    renderAt('/compose', PATTERNS, <ComposePage />);
    await generate(user);
    await user.type(screen.getByLabelText('Ask the assistant…'), 'mention the cake');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(toasts.toasts.map((t) => t.text)).toContain('The assistant could not answer. Please try again.'));
    expect(screen.getByLabelText('Ask the assistant…')).toHaveValue('mention the cake');
    expect(screen.getByLabelText('Your wish')).toHaveValue(DRAFT);
  });

  it('reopens a saved chat from ?chat=ID: form, latest version, conversation; saving updates that wish', async () => {
    chat = {
      ...chat,
      wish_id: 42,
      messages: [
        { role: 'user', text: 'mention the cake', created_at: AT },
        { role: 'assistant', text: 'I mentioned the cake.', created_at: AT },
      ],
      versions: [
        { text: DRAFT, created_at: AT },
        { text: 'Happy birthday, Anna! And of course, the cake.', created_at: AT },
      ],
    };
    const user = userEvent.setup();
    const { container } = renderAt('/compose?chat=7', PATTERNS, <ComposePage />);
    expect(container).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Your wish')).toHaveValue('Happy birthday, Anna! And of course, the cake.'));
    expect(screen.getByLabelText('Name')).toHaveValue('Anna');
    expect(screen.getByText('I mentioned the cake.')).toBeInTheDocument();
    expect(screen.getByText(/Saving updates your wish\./)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Public' })).toBeChecked();

    // The conversation and the open version list pass axe (contrast is checked in the browser journeys).
    await user.click(screen.getByText('Versions (2)'));
    let results!: axe.AxeResults;
    await act(async () => {
      results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    });
    expect(results.violations.map((v) => v.id)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Save Wish' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/wish/42'));
    const patch = server.requests.find((r) => r.method === 'PATCH');
    expect(patch).toEqual({ url: operationUrl('updateWish', { params: { id: 42 } }), method: 'PATCH', body: { text: 'Happy birthday, Anna! And of course, the cake.', is_public: true } });
    expect(requestsTo(SAVE_WISH)).toHaveLength(0);
  });

  it('tells the author when the chat cannot be found', async () => {
    renderAt('/compose?chat=99', PATTERNS, <ComposePage />);
    await waitFor(() => expect(toasts.toasts.map((t) => t.text)).toContain('That chat could not be found.'));
  });
});
