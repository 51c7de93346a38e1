import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, setOptions } from '@wishes/shared';
import { openReportModal } from '../wish/WishCard';
import { OPTIONS } from '../test/fixtures';
import { apiError, renderAt, toastsEachTest } from '@wishes/shared/testing';

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
  const submit = jest.spyOn(api, 'submitComplaint').mockResolvedValue({ message: 'Complaint received' });
  const dialog = await open();
  expect(within(dialog).getByRole('button', { name: 'Spam' })).toBeInTheDocument();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Hate speech' }));
  expect(submit).toHaveBeenCalledWith({ category: 'Hate speech', wish_id: 9 });
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(toasts.texts()).toEqual(['success: Complaint received']);
});

it("shows the server's error on failure and stays open for another try", async () => {
  setOptions(OPTIONS);
  jest.spyOn(api, 'submitComplaint').mockRejectedValue(apiError(400, { error: 'Unknown report category' }, 'An unexpected error occurred'));
  const dialog = await open();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Spam' }));
  await waitFor(() => expect(toasts.texts()).toEqual(['error: Unknown report category']));
  expect(screen.getByRole('dialog', { name: 'Report options' })).toBeInTheDocument();
  expect(within(dialog).getByRole('button', { name: 'Spam' })).toBeEnabled();
});

it("falls back to 'An unexpected error occurred'", async () => {
  setOptions(OPTIONS);
  jest.spyOn(api, 'submitComplaint').mockRejectedValue(new TypeError('offline'));
  const dialog = await open();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Spam' }));
  await waitFor(() => expect(toasts.texts()).toEqual(['error: An unexpected error occurred']));
});

it('disables the reasons while the report is being sent', async () => {
  setOptions(OPTIONS);
  jest.spyOn(api, 'submitComplaint').mockReturnValue(new Promise(() => undefined));
  const dialog = await open();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Spam' }));
  expect(within(dialog).getByRole('button', { name: 'Spam' })).toBeDisabled();
  expect(within(dialog).getByRole('button', { name: 'Hate speech' })).toBeDisabled();
});

it('loads the options when they are not there yet, with an error and retry if that fails', async () => {
  const getOptions = jest.spyOn(api, 'getOptions').mockRejectedValueOnce(new Error('down')).mockResolvedValueOnce(OPTIONS);
  const dialog = await open();
  expect(within(dialog).getByRole('status')).toHaveTextContent('Loading report options...');
  const alert = await within(dialog).findByRole('alert');
  await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
  expect(await within(dialog).findByRole('button', { name: 'Spam' })).toBeInTheDocument();
  expect(getOptions).toHaveBeenCalledTimes(2);
});
