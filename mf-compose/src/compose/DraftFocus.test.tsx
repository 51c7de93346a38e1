/**
 * Focus stays with the draft: on the editor when a draft starts arriving, after a rewrite and after
 * a pick; on the drafts on offer when "Give me 3" answers. Never on the page's body, where it fell
 * when the clicked button was disabled under it.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ComposePage from './ComposePage';
import { fillComposeForm, OPTIONS, recordToasts, renderAt, setOptions } from '../test/harness';
import { answerWith, draftStream } from '../test/http';

let toasts: ReturnType<typeof recordToasts>;
let server: ReturnType<typeof answerWith>;

beforeEach(() => {
  setOptions(OPTIONS);
  toasts = recordToasts();
  server = answerWith({
    streamGeneratedText: () => draftStream({ text: 'Hey Anna! I heard you turn 30.', rate_limit: { limit: 20, remaining: 19 } }),
    generateText: { body: { text: 'One', variants: ['One', 'Two', 'Three'], rate_limit: { limit: 20, remaining: 18 } } },
    improveText: { body: { text: 'Hey Anna, 30!', rate_limit: { limit: 20, remaining: 17 } } },
  });
});

afterEach(() => {
  toasts.stop();
  server.restore();
  setOptions(null);
});

async function composeFilled() {
  const user = userEvent.setup();
  renderAt('/compose', ['/compose'], <ComposePage />);
  await fillComposeForm(user, 'turns 30');
  return user;
}

describe('compose: focus stays with the draft', () => {
  it('Generate from the keyboard puts focus on the draft as it arrives, and it stays there', async () => {
    const user = await composeFilled();
    screen.getByRole('button', { name: 'Generate' }).focus();
    await user.keyboard('{Enter}');
    const editor = await screen.findByLabelText('Your wish');
    await waitFor(() => expect(editor).toHaveFocus());
    await waitFor(() => expect(editor).toHaveValue('Hey Anna! I heard you turn 30.'));
    expect(editor).toHaveFocus();
  });

  it('a rewrite returns focus to the draft', async () => {
    const user = await composeFilled();
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    const editor = await screen.findByLabelText('Your wish');
    await waitFor(() => expect(editor).toHaveValue('Hey Anna! I heard you turn 30.'));
    await user.click(screen.getByRole('button', { name: 'Shorter' }));
    await waitFor(() => expect(editor).toHaveValue('Hey Anna, 30!'));
    await waitFor(() => expect(editor).toHaveFocus());
  });

  it('"Give me 3" focuses the drafts on offer; a pick focuses the editor', async () => {
    const user = await composeFilled();
    await user.click(screen.getByRole('button', { name: 'Give me 3' }));
    const heading = await screen.findByRole('heading', { name: 'Pick a draft' });
    await waitFor(() => expect(heading).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Use draft 3' }));
    await waitFor(() => expect(screen.getByLabelText('Your wish')).toHaveFocus());
    expect(screen.getByLabelText('Your wish')).toHaveValue('Three');
  });
});
