import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { File as WireFile } from 'node:buffer';
import { LIMITS, session$ } from '@wishes/kit-session';
import { deferred, recordToasts } from '@wishes/kit-test';
import { apiRoutes, unchecked, type ApiRoutes, type OperationAnswer } from '../test/http';
import { embed, makePage, makeProfile, signInAs, signOutForTest } from '../test/fixtures';
import { renderRoute } from '../test/renderRoute';
import ProfilePage from './ProfilePage';
import { cropToSquare } from './cropImage';

// jsdom lays nothing out and decodes no image, so neither the crop frame (react-easy-crop measures
// its image) nor the canvas can work here: a stand-in frame reports one square as the library does
// once its image is measured, and the canvas step answers a PNG Blob. e2e/tests/profile.spec.ts
// runs both for real in Chromium.
const SQUARE = { x: 10, y: 0, width: 80, height: 80 };
jest.mock('react-easy-crop', () => {
  const { createElement, useEffect } = jest.requireActual<typeof import('react')>('react');
  function StandInCropper({ image, onCropComplete, cropperProps, mediaProps }: { image: string; onCropComplete: (area: unknown, pixels: unknown) => void; cropperProps: object; mediaProps: object }) {
    // Once, as the library reports once its image is measured.
    const report = jest.requireActual<typeof import('react')>('react').useRef(onCropComplete);
    useEffect(() => report.current({ x: 12.5, y: 0, width: 100, height: 100 }, { x: 10, y: 0, width: 80, height: 80 }), [report]);
    return createElement('div', null, createElement('img', { ...mediaProps, src: image }), createElement('div', { tabIndex: 0, ...cropperProps }));
  }
  return { __esModule: true, default: StandInCropper };
});
// Under jest-fixed-jsdom (Node's fetch and Blob, for MSW) jsdom's FileReader cannot read Node's
// Blob (the cropped square), so its data: URL is made from the bytes as FileReader would; the chosen
// file (jsdom's File) is read for real.
jest.mock('./cropImage', () => {
  const actual = jest.requireActual<typeof import('./cropImage')>('./cropImage');
  return {
    ...actual,
    cropToSquare: jest.fn(async () => new Blob(['cropped-png'], { type: 'image/png' })),
    readAsDataUrl: jest.fn(async (blob: Blob) =>
      blob instanceof Blob && typeof blob.arrayBuffer === 'function' ? `data:${blob.type};base64,${Buffer.from(await blob.arrayBuffer()).toString('base64')}` : actual.readAsDataUrl(blob),
    ),
  };
});


let server: ApiRoutes;
let toasts: ReturnType<typeof recordToasts>;
// No blob: URL anywhere (a blob: URL on the page is what tripped connect-src 'self'): the images shown are data: URLs.
const createObjectURL = jest.fn(() => 'blob:never');

beforeAll(() => {
  Object.assign(URL, { createObjectURL });
});

beforeEach(() => {
  createObjectURL.mockClear();
  toasts = recordToasts();
  embed(null);
  signInAs(5, '/media/old_t.png');
  // The own profile comes embedded, so the only requests a test sees are its own.
  embed({ path: '/user/5', profile: { profile: makeProfile({ is_self: true, avatar_url: '/media/old.png' }), wishes: makePage([], null) } });
  server = apiRoutes();
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
    expect(server.calls).toHaveLength(0);
  });

  it('refuses an image over 5 MB', async () => {
    renderOwnProfile();
    const big = png();
    Object.defineProperty(big, 'size', { value: LIMITS.avatarMaxBytes + 1 });
    await userEvent.upload(screen.getByLabelText('Upload avatar'), big);

    expect(screen.getByRole('alert')).toHaveTextContent('Image file is too large. Please select an image under 5MB.');
    expect(toasts.messages()).toEqual(['Image file is too large. Please select an image under 5MB.']);
    expect(server.calls).toHaveLength(0);
  });
});

/** Chooses a file and, in the crop dialog, takes the square as offered. */
async function chooseAndCrop(file: File) {
  await userEvent.upload(screen.getByLabelText('Upload avatar'), file);
  const crop = await screen.findByRole('dialog', { name: 'Crop your avatar' });
  await userEvent.click(within(crop).getByRole('button', { name: 'Use this square' }));
}

describe('the square crop, before any request', () => {
  it('offers the chosen image under a square frame with a zoom slider; nothing is sent before "Use this square"', async () => {
    server.operation('uploadAvatar', {}, { body: { success: true, message: 'Avatar updated successfully!', avatar_url: '/media/new.png', avatar_thumbnail: '/media/new_t.png' } });
    renderOwnProfile();
    const file = png();
    await userEvent.upload(screen.getByLabelText('Upload avatar'), file);

    const crop = await screen.findByRole('dialog', { name: 'Crop your avatar' });
    expect(within(crop).getByRole('img', { name: 'Your chosen image' })).toHaveAttribute('src', `data:image/png;base64,${btoa('png-bytes')}`);
    expect(within(crop).getByRole('group', { name: 'Avatar square' })).toHaveAttribute('tabindex', '0');
    const zoom = within(crop).getByRole('slider', { name: 'Zoom' });
    expect(zoom).toHaveAttribute('aria-valuetext', '100%');
    fireEvent.change(zoom, { target: { value: '2' } });
    expect(zoom).toHaveAttribute('aria-valuetext', '200%');
    expect(server.calls).toHaveLength(0);

    await userEvent.click(within(crop).getByRole('button', { name: 'Use this square' }));
    await waitFor(() => expect(toasts.messages()).toEqual(['Avatar updated successfully!']));
    // The square in the image's own pixels, cut from the chosen file read as a data: URL.
    expect(cropToSquare).toHaveBeenCalledWith(`data:image/png;base64,${btoa('png-bytes')}`, SQUARE, 'image/png');
    expect(createObjectURL).not.toHaveBeenCalled();
    const sent = server.callsOf('uploadAvatar')[0].body as FormData;
    const avatar = sent.get('avatar') as File;
    expect([avatar.name, avatar.type, avatar.size]).toEqual(['me.png', 'image/png', 'cropped-png'.length]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('Cancel closes the crop and sends nothing', async () => {
    renderOwnProfile();
    await userEvent.upload(screen.getByLabelText('Upload avatar'), png());
    const crop = await screen.findByRole('dialog', { name: 'Crop your avatar' });
    await userEvent.click(within(crop).getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.calls).toHaveLength(0);
    expect(avatarImage()).toHaveAttribute('src', '/media/old.png');
  });

  it('a file the browser cannot read as an image (text named .png) is refused in the crop step, nothing sent', async () => {
    renderOwnProfile();
    await userEvent.upload(screen.getByLabelText('Upload avatar'), new File(['not a png'], 'fake.png', { type: 'image/png' }));
    const crop = await screen.findByRole('dialog', { name: 'Crop your avatar' });
    fireEvent.error(within(crop).getByRole('img', { name: 'Your chosen image' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(toasts.messages()).toEqual(['Failed to upload avatar']);
    expect(screen.getByRole('alert')).toHaveTextContent('This file could not be read as an image. Please choose another one.');
    expect(server.calls).toHaveLength(0);
  });
});

describe('uploading', () => {
  it('sends the field `avatar`, previews while uploading, then shows the new avatar here and in the session', async () => {
    const reply = deferred<OperationAnswer<'uploadAvatar'>>();
    server.operation('uploadAvatar', {}, reply.promise);
    renderOwnProfile();
    await chooseAndCrop(png());

    // While uploading: the cropped square is previewed with a busy indicator.
    expect(await screen.findByRole('img', { name: 'Preview of your new avatar' })).toHaveAttribute('src', `data:image/png;base64,${btoa('cropped-png')}`);
    expect(screen.getByRole('status')).toHaveTextContent('Uploading avatar...');
    await waitFor(() => expect(server.callsOf('uploadAvatar')).toHaveLength(1));
    const sent = server.callsOf('uploadAvatar')[0].body as FormData;
    // What MSW read off the wire is Node's File (jsdom's File is another class of the same name).
    expect(sent.get('avatar')).toBeInstanceOf(WireFile);
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
    expect(createObjectURL).not.toHaveBeenCalled();
  });

  it('a refusal by the server toasts the failure and shows its message inline', async () => {
    server.operation('uploadAvatar', {}, unchecked(415, { success: false, error: 'Please select an image file (JPEG, PNG, etc.)' }));
    renderOwnProfile();
    await chooseAndCrop(png());

    await waitFor(() => expect(toasts.messages()).toEqual(['Failed to upload avatar']));
    expect(screen.getByRole('alert')).toHaveTextContent('Please select an image file (JPEG, PNG, etc.)');
    expect(avatarImage()).toHaveAttribute('src', '/media/old.png');
    expect(session$.value.user?.avatarThumbnail).toBe('/media/old_t.png');
  });

  it('a too-large refusal (413) shows the server text inline', async () => {
    server.operation('uploadAvatar', {}, unchecked(413, { success: false, error: 'Image file is too large. Please select an image under 5MB.' }));
    renderOwnProfile();
    await chooseAndCrop(png());

    expect(await screen.findByRole('alert')).toHaveTextContent('Image file is too large. Please select an image under 5MB.');
    expect(toasts.messages()).toEqual(['Failed to upload avatar']);
  });

  it('a network failure says an error occurred while uploading', async () => {
    server.operation('uploadAvatar', {}, 'network-error');
    renderOwnProfile();
    await chooseAndCrop(png());

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
