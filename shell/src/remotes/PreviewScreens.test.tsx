import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, server } from '../test/http';
import { ConfirmPreviewPage, PreviewBanner } from './PreviewScreens';
import { planPreview } from './preview';

const REQUEST = { remote: 'mf-feed', release: '1.2.0-3b9c0e1f2a4d', expires_at: '2030-01-01T10:30:00.000Z', token: 'mf-feed~1.2.0-3b9c0e1f2a4d~abc~sig' };

describe('preview link screens', () => {
  const original = window.location;
  const replace = jest.fn();
  const reload = jest.fn();
  beforeEach(() => {
    replace.mockClear();
    reload.mockClear();
    Object.defineProperty(window, 'location', { configurable: true, value: { ...original, replace, reload } });
  });
  afterAll(() => Object.defineProperty(window, 'location', { configurable: true, value: original }));

  it('the link pins nothing by itself: the plan waits for a confirmation, and no remote is marked pinned', () => {
    const plan = planPreview(
      { remotes: [{ name: 'mf_feed', entry: '/mf/releases/mf-feed/1.0.0-aaaaaaaaaaaa/remoteEntry.js', folder: 'mf-feed', release: '1.0.0-aaaaaaaaaaaa' }], preview_request: { remote: REQUEST.remote, release: REQUEST.release, expires_at: REQUEST.expires_at } },
      `http://site.test/feed?wishes_preview=${encodeURIComponent(REQUEST.token)}&page=2`,
    );
    expect(plan).toEqual({ pending: REQUEST, pinned: [], cleanUrl: 'http://site.test/feed?page=2', hadParam: true });
    const refused = planPreview({ remotes: [], preview_request: { refused: 'This preview link is forged or has expired. Ask for a new one.' } }, 'http://site.test/?wishes_preview=x');
    expect(refused).toMatchObject({ refused: 'This preview link is forged or has expired. Ask for a new one.' });
    expect(refused.pending).toBeUndefined();
  });

  it('the confirmation page names the remote and the release; only its button pins it (POST /api/preview/)', async () => {
    const posted: unknown[] = [];
    server.use(
      http.post('*/api/preview/', async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json({ remote: REQUEST.remote, release: REQUEST.release, expires_at: REQUEST.expires_at });
      }),
    );
    render(<ConfirmPreviewPage request={REQUEST} cleanUrl="http://site.test/feed" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Preview an unreleased build?' })).toHaveFocus();
    expect(screen.getByRole('main')).toHaveTextContent('mf-feed');
    expect(screen.getByRole('main')).toHaveTextContent('1.2.0-3b9c0e1f2a4d');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(replace).toHaveBeenLastCalledWith('http://site.test/feed');
    expect(posted).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Preview mf-feed 1.2.0-3b9c0e1f2a4d' }));
    await screen.findByRole('button', { name: 'Preview mf-feed 1.2.0-3b9c0e1f2a4d' });
    expect(posted).toEqual([{ token: REQUEST.token }]);
    expect(replace).toHaveBeenLastCalledWith('http://site.test/feed');
  });

  it('a refused confirmation says why and pins nothing', async () => {
    server.use(http.post('*/api/preview/', () => HttpResponse.json({ error: 'This preview link is forged or has expired.', detail: 'This preview link is forged or has expired.' }, { status: 400 })));
    render(<ConfirmPreviewPage request={REQUEST} cleanUrl="http://site.test/feed" />);
    await userEvent.click(screen.getByRole('button', { name: 'Preview mf-feed 1.2.0-3b9c0e1f2a4d' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This preview link is forged or has expired.');
    expect(replace).not.toHaveBeenCalled();
  });

  it('the banner names the pinned release while it is pinned, and ends the preview (DELETE /api/preview/)', async () => {
    let ended = 0;
    server.use(
      http.delete('*/api/preview/', () => {
        ended += 1;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    render(<PreviewBanner plan={{ pinned: [{ folder: 'mf-feed', release: REQUEST.release }], cleanUrl: 'http://site.test/feed', hadParam: false }} />);
    const banner = screen.getByRole('region', { name: 'Preview' });
    expect(banner).toHaveTextContent('Preview: mf-feed release 1.2.0-3b9c0e1f2a4d (this browser only, not released yet)');
    await userEvent.click(screen.getByRole('button', { name: 'End preview' }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(ended).toBe(1);
    expect(reload).toHaveBeenCalled();
  });

  it('shows nothing when nothing is pinned or refused', () => {
    const { container } = render(<PreviewBanner plan={{ pinned: [], cleanUrl: 'x', hadParam: false }} />);
    expect(container).toBeEmptyDOMElement();
  });
});
