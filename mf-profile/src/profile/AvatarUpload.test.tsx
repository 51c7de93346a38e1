import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LIMITS, session$ } from '@wishes/shared';
import { deferred, fakeServer, type FakeServer, type JsonAnswer as Reply, recordToasts } from '@wishes/shared/testing';
import { embed, makePage, makeProfile, signInAs, signOutForTest } from '../test/fixtures';
import { renderRoute } from '../test/renderRoute';
import ProfilePage from './ProfilePage';

const UPLOAD = '/api/profile/my/avatar/upload/';

let server: FakeServer;
let toasts: ReturnType<typeof recordToasts>;
const createObjectURL = jest.fn(() => 'blob:preview-1');
const revokeObjectURL = jest.fn();

beforeAll(() => {
  Object.assign(URL, { createObjectURL, revokeObjectURL });
});

beforeEach(() => {
  createObjectURL.mockClear();
  revokeObjectURL.mockClear();
  toasts = recordToasts();
  embed(null);
  signInAs(5, '/media/old_t.png');
  // The own profile comes embedded, so the only requests a test sees are its own.
  embed({ path: '/user/5', profile: { profile: makeProfile({ is_self: true, avatar_url: '/media/old.png' }), wishes: makePage([], null) } });
  server = fakeServer();
});
afterEach(() => {
  toasts.stop();
  signOutForTest();
  jest.restoreAllMocks();
});

const png = () => new File(['png-bytes'], 'me.png', { type: 'image/png' });
const renderOwnProfile = () => renderRoute('/user/:uid', '/user/5', <ProfilePage />);
const avatarImage = () => screen.getByRole('img', { name: "Ada Lovelace's avatar" });

describe('avatar validation, before any request', () => {
  it('refuses a file that is not an image', async () => {
    renderOwnProfile();
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(screen.getByLabelText('Upload avatar'), new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }));

    expect(screen.getByRole('alert')).toHaveTextContent('Please select an image file (JPEG, PNG, etc.)');
    expect(toasts.messages()).toEqual(['Please select an image file (JPEG, PNG, etc.)']);
    expect(toasts.toasts[0].kind).toBe('error');
    expect(server.fetch).not.toHaveBeenCalled();
  });

  it('refuses an image over 5 MB', async () => {
    renderOwnProfile();
    const big = png();
    Object.defineProperty(big, 'size', { value: LIMITS.avatarMaxBytes + 1 });
    await userEvent.upload(screen.getByLabelText('Upload avatar'), big);

    expect(screen.getByRole('alert')).toHaveTextContent('Image file is too large. Please select an image under 5MB.');
    expect(toasts.messages()).toEqual(['Image file is too large. Please select an image under 5MB.']);
    expect(server.fetch).not.toHaveBeenCalled();
  });
});

describe('uploading', () => {
  it('sends the field `avatar`, previews while uploading, then shows the new avatar here and in the session', async () => {
    const reply = deferred<Reply>();
    server.on('POST', UPLOAD, reply.promise);
    renderOwnProfile();
    const file = png();
    await userEvent.upload(screen.getByLabelText('Upload avatar'), file);

    // While uploading: the chosen image is previewed with a busy indicator.
    expect(screen.getByRole('img', { name: 'Preview of your new avatar' })).toHaveAttribute('src', 'blob:preview-1');
    expect(screen.getByRole('status')).toHaveTextContent('Uploading avatar...');
    expect(createObjectURL).toHaveBeenCalledWith(file);
    const sent = server.callsTo('POST', UPLOAD)[0].init?.body as FormData;
    expect(sent.get('avatar')).toBeInstanceOf(File);
    expect((sent.get('avatar') as File).name).toBe('me.png');

    await act(async () =>
      reply.resolve({
        body: { success: true, message: 'Avatar updated successfully!', avatar_url: '/media/new.png', avatar_thumbnail: '/media/new_t.png' },
      }),
    );

    await waitFor(() => expect(toasts.messages()).toEqual(['Avatar updated successfully!']));
    expect(avatarImage()).toHaveAttribute('src', '/media/new.png');
    expect(session$.value.user?.avatarThumbnail).toBe('/media/new_t.png');
    expect(screen.queryByRole('img', { name: 'Preview of your new avatar' })).not.toBeInTheDocument();
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:preview-1');
  });

  it('a refusal by the server toasts the failure and shows its message inline', async () => {
    server.on('POST', UPLOAD, { status: 415, body: { success: false, error: 'Please select an image file (JPEG, PNG, etc.)' } });
    renderOwnProfile();
    await userEvent.upload(screen.getByLabelText('Upload avatar'), png());

    await waitFor(() => expect(toasts.messages()).toEqual(['Failed to upload avatar']));
    expect(screen.getByRole('alert')).toHaveTextContent('Please select an image file (JPEG, PNG, etc.)');
    expect(avatarImage()).toHaveAttribute('src', '/media/old.png');
    expect(session$.value.user?.avatarThumbnail).toBe('/media/old_t.png');
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:preview-1');
  });

  it('a too-large refusal (413) shows the server text inline', async () => {
    server.on('POST', UPLOAD, { status: 413, body: { success: false, error: 'Image file is too large. Please select an image under 5MB.' } });
    renderOwnProfile();
    await userEvent.upload(screen.getByLabelText('Upload avatar'), png());

    expect(await screen.findByRole('alert')).toHaveTextContent('Image file is too large. Please select an image under 5MB.');
    expect(toasts.messages()).toEqual(['Failed to upload avatar']);
  });

  it('a network failure says an error occurred while uploading', async () => {
    server.on('POST', UPLOAD, 'network-error');
    renderOwnProfile();
    await userEvent.upload(screen.getByLabelText('Upload avatar'), png());

    await waitFor(() => expect(toasts.messages()).toEqual(['An error occurred while uploading your avatar']));
    expect(screen.getByRole('alert')).toHaveTextContent('An error occurred while uploading your avatar');
    expect(avatarImage()).toHaveAttribute('src', '/media/old.png');
  });

  it('can be operated from the keyboard: the file input is reachable with Tab', async () => {
    renderOwnProfile();
    const user = userEvent.setup();
    const input = screen.getByLabelText('Upload avatar');
    for (let i = 0; i < 10 && document.activeElement !== input; i += 1) await user.tab();
    expect(input).toHaveFocus();
  });
});
