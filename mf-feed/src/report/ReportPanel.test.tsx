import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setOptions } from '@wishes/kit-client';
import { openReportModal } from '../wish/WishCard';
import { OPTIONS } from '../test/fixtures';
import { renderAt, toastsEachTest } from '@wishes/kit-test';
import { answer, API, refuse } from '../test/http';

const toasts = toastsEachTest();

// The panel is fetched at the first use: the dialog opens once it has arrived.
async function open() {
  renderAt(<p>page</p>);
  act(() => {
    openReportModal(9);
  });
  return screen.findByRole('dialog', { name: 'Report options' });
}

it("offers the server's report reasons; a choice files the complaint, toasts 'Complaint received' and closes", async () => {
  setOptions(OPTIONS);
  const submit = answer('post', API.complaint, { message: 'Complaint received' });
  const dialog = await open();
  expect(within(dialog).getByRole('button', { name: 'Spam' })).toBeInTheDocument();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Hate speech' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(submit.map((r) => r.body)).toEqual([{ category: 'Hate speech', wish_id: 9 }]);
  expect(toasts.texts()).toEqual(['success: Complaint received']);
});

it("shows the server's error on failure and stays open for another try", async () => {
  setOptions(OPTIONS);
  answer('post', API.complaint, refuse(400, 'Unknown report category'));
  const dialog = await open();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Spam' }));
  await waitFor(() => expect(toasts.texts()).toEqual(['error: Unknown report category']));
  expect(screen.getByRole('dialog', { name: 'Report options' })).toBeInTheDocument();
  expect(within(dialog).getByRole('button', { name: 'Spam' })).toBeEnabled();
});

it("falls back to 'An unexpected error occurred'", async () => {
  setOptions(OPTIONS);
  answer('post', API.complaint, 'network-error');
  const dialog = await open();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Spam' }));
  await waitFor(() => expect(toasts.texts()).toEqual(['error: An unexpected error occurred']));
});

it('disables the reasons while the report is being sent', async () => {
  setOptions(OPTIONS);
  answer('post', API.complaint, new Promise<Response>(() => undefined));
  const dialog = await open();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Spam' }));
  await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Spam' })).toBeDisabled());
  expect(within(dialog).getByRole('button', { name: 'Hate speech' })).toBeDisabled();
});

it('loads the options when they are not there yet, with an error and retry if that fails', async () => {
  const getOptions = answer('get', API.options, 'network-error', OPTIONS);
  const dialog = await open();
  expect(within(dialog).getByRole('status')).toHaveTextContent('Loading report options...');
  const alert = await within(dialog).findByRole('alert');
  await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
  expect(await within(dialog).findByRole('button', { name: 'Spam' })).toBeInTheDocument();
  expect(getOptions).toHaveLength(2);
});
