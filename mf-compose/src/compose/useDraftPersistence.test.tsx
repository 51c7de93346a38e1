import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { signOut, userDataKey } from '@wishes/kit-session';
import { signInForTest } from '@wishes/kit-test';
import ComposePage from './ComposePage';
import { parseDraft } from './useDraftPersistence';
import { fillComposeForm, OPTIONS, renderAt, setOptions } from '../test/harness';
import { answerWith, draftStream } from '../test/http';

const PATTERNS = ['/compose', '/compose/:topic'];
let server: ReturnType<typeof answerWith>;

beforeEach(() => {
  localStorage.clear();
  setOptions(OPTIONS);
  signInForTest(7, 'ann@example.com');
  server = answerWith({
    // Generate streams the draft.
    streamGeneratedText: () => draftStream({ text: 'Happy birthday, Anna!', rate_limit: { limit: 20, remaining: 19 } }),
    saveWish: { status: 201, body: { wish_id: 42 } },
  });
});
afterEach(() => {
  server.restore();
  signOut();
  setOptions(null);
});

async function composeAndEdit() {
  const user = userEvent.setup();
  const view = renderAt('/compose', PATTERNS, <ComposePage />);
  await fillComposeForm(user);
  await user.click(screen.getByRole('button', { name: 'Generate' }));
  await user.type(await screen.findByLabelText('Your wish'), ' With love.');
  await user.click(screen.getByRole('radio', { name: 'Public' }));
  return { user, view };
}

describe('compose draft kept across navigation and reloads', () => {
  it('comes back with every field, the edited text and the visibility after leaving the page', async () => {
    const { view } = await composeAndEdit();
    view.unmount(); // going to the feed (or a reload) unmounts the editor
    renderAt('/compose', PATTERNS, <ComposePage />);
    expect(await screen.findByLabelText('Your wish')).toHaveValue('Happy birthday, Anna! With love.');
    expect(screen.getByLabelText('Name')).toHaveValue('Anna');
    expect(screen.getByLabelText('Style')).toHaveValue('Funny');
    expect(screen.getByLabelText('Details')).toHaveValue('Turns 30');
    expect(screen.getByRole('radio', { name: 'Public' })).toBeChecked();
  });

  it('asks before a new generation replaces the restored, edited text', async () => {
    const { view } = await composeAndEdit();
    view.unmount();
    const user = userEvent.setup();
    renderAt('/compose', PATTERNS, <ComposePage />);
    await screen.findByLabelText('Your wish');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Replace your text?' });
    expect(dialog).toHaveTextContent('Generating again replaces the text you have edited.');
    await user.click(within(dialog).getByRole('button', { name: 'Keep my text' }));
    expect(screen.getByLabelText('Your wish')).toHaveValue('Happy birthday, Anna! With love.');
  });

  it('is cleared by saving', async () => {
    const { user } = await composeAndEdit();
    expect(localStorage.getItem(userDataKey('composeDraft', 7))).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save Wish' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/wish/42'));
    expect(localStorage.getItem(userDataKey('composeDraft', 7))).toBeNull();
  });

  it('is cleared by signing out, and is never shown to another person', async () => {
    const { view } = await composeAndEdit();
    view.unmount();
    signInForTest(8, 'ben@example.com');
    const other = renderAt('/compose', PATTERNS, <ComposePage />);
    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(screen.queryByLabelText('Your wish')).toBeNull();
    other.unmount();
    expect(localStorage.getItem(userDataKey('composeDraft', 7))).not.toBeNull();
    signOut();
    expect(localStorage.getItem(userDataKey('composeDraft', 7))).toBeNull();
  });

  it('the topic in the route wins over the kept one', async () => {
    const { view } = await composeAndEdit();
    view.unmount();
    renderAt('/compose/Wedding', PATTERNS, <ComposePage />);
    await screen.findByLabelText('Your wish');
    await waitFor(() => expect(screen.getByLabelText('Topic')).toHaveValue('Wedding'));
  });
});

describe('parseDraft', () => {
  it('refuses malformed or oversized drafts', () => {
    expect(parseDraft('not json')).toBeNull();
    expect(parseDraft('null')).toBeNull();
    expect(parseDraft(JSON.stringify({ values: {}, text: '', generatedText: null, isPublic: false }))).toBeNull();
    const values = { style: 'a', audience: 'b', name: 'c', topic: 'd', details: 'e' };
    expect(parseDraft(JSON.stringify({ values, text: 'x'.repeat(2001), generatedText: null, isPublic: false }))).toBeNull();
    expect(parseDraft(JSON.stringify({ values, text: 'hi', generatedText: 5, isPublic: false }))).toBeNull();
    expect(parseDraft(JSON.stringify({ values, text: 'hi', generatedText: 'hi', isPublic: true }))).toEqual({ values, text: 'hi', generatedText: 'hi', isPublic: true });
  });
});
