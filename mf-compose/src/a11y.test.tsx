import axe from 'axe-core';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ComposePage from './compose/ComposePage';
import BusinessPage from './business/BusinessPage';
import { OPTIONS, renderAt, setOptions } from './test/harness';
import { answerWith, draftStream, refuse } from './test/http';

/** Automated accessibility checks (axe-core) of each screen in its main states. */
async function violations(container: Element) {
  // jsdom cannot compute colours; contrast is checked by eye and in the browser journeys.
  // Inside act: the buttons' ripple timers may fire while axe runs.
  let results!: axe.AxeResults;
  await act(async () => {
    results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  });
  return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

let server: ReturnType<typeof answerWith>;
beforeEach(() => {
  setOptions(OPTIONS);
  server = answerWith({
    streamGeneratedText: () => draftStream({ text: 'Happy birthday!', rate_limit: { limit: 20, remaining: 19 } }),
    submitOffer: refuse(400, 'Please enter a message.'),
  });
});
afterEach(() => {
  server.restore();
  setOptions(null);
});

describe('accessibility', () => {
  it('compose: empty, with errors, and with a generated wish', async () => {
    const user = userEvent.setup();
    const { container } = renderAt('/compose/birthday', ['/compose', '/compose/:topic'], <ComposePage />);
    expect(await violations(container)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await violations(container)).toEqual([]);
    await user.selectOptions(screen.getByLabelText('Style'), 'Funny');
    await user.selectOptions(screen.getByLabelText('Audience'), 'Friend');
    await user.type(screen.getByLabelText('Name'), 'Anna');
    await user.type(screen.getByLabelText('Details'), 'Hiking');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    await screen.findByLabelText('Your wish');
    expect(await violations(container)).toEqual([]);
  });

  it('business: empty and with errors', async () => {
    const user = userEvent.setup();
    const { container } = renderAt('/business', ['/business'], <BusinessPage />);
    expect(await violations(container)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Send Offer' }));
    expect(await violations(container)).toEqual([]);
    await user.type(screen.getByLabelText('Email'), 'a@b.co');
    await user.click(screen.getByRole('button', { name: 'Send Offer' }));
    await screen.findByText('Please enter a message.');
    expect(await violations(container)).toEqual([]);
  });
});
