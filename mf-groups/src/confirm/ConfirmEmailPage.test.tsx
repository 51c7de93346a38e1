/** /groups/confirm-email over HTTP (MSW): confirmed by a press, a refused token's sentence, a link without a token. */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoutes } from '@wishes/kit-test';
import { sessionEachTest } from '../test/fixtures';
import { groupsApi, refuse } from '../test/http';
import ConfirmEmailPage, { CONFIRM_TEXT } from './ConfirmEmailPage';

const renderPage = (url: string) => renderRoutes([{ path: '/groups/confirm-email', element: <ConfirmEmailPage /> }], { url });

describe('confirming a signer address', () => {
  sessionEachTest(null);

  it('confirms only when pressed, sending the token from the link', async () => {
    const api = groupsApi();
    api.on('confirmGroupEmail', {}, { message: 'Confirmed.' }, 200);
    renderPage('/groups/confirm-email?token=abc123');
    const button = await screen.findByRole('button', { name: CONFIRM_TEXT.confirm });
    expect(api.sent('confirmGroupEmail', {})).toHaveLength(0);
    await userEvent.click(button);
    expect(await screen.findByRole('status')).toHaveTextContent(CONFIRM_TEXT.done);
    expect(api.sent('confirmGroupEmail', {})[0]!.body).toEqual({ token: 'abc123' });
    expect(document.title).toBe(`${CONFIRM_TEXT.title} | Wishes`);
  });

  it("shows the server's sentence when the token is refused, and lets the person try again", async () => {
    const api = groupsApi();
    api.on('confirmGroupEmail', {}, refuse(404, 'This confirmation link does not work.'));
    renderPage('/groups/confirm-email?token=gone');
    await userEvent.click(await screen.findByRole('button', { name: CONFIRM_TEXT.confirm }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This confirmation link does not work.');
    expect(screen.getByRole('button', { name: CONFIRM_TEXT.confirm })).toBeEnabled();
  });

  it('says a link without a token is incomplete and sends nothing', async () => {
    const api = groupsApi();
    renderPage('/groups/confirm-email');
    expect(await screen.findByRole('alert')).toHaveTextContent(CONFIRM_TEXT.missing);
    expect(screen.queryByRole('button', { name: CONFIRM_TEXT.confirm })).toBeNull();
    expect(api.sent('confirmGroupEmail', {})).toHaveLength(0);
  });
});
