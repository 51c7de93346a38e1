import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfirmOverridePage, OverrideBanner } from './OverrideScreens';
import { OVERRIDE_STORAGE_KEY } from './override';

const OVERRIDE = { folder: 'mf-feed', url: 'http://localhost:3001/remoteEntry.js', origin: 'http://localhost:3001' };

describe('mf_override screens', () => {
  const original = window.location;
  const replace = jest.fn();
  const reload = jest.fn();
  beforeEach(() => {
    sessionStorage.clear();
    replace.mockClear();
    reload.mockClear();
    Object.defineProperty(window, 'location', { configurable: true, value: { ...original, replace, reload } });
  });
  afterAll(() => Object.defineProperty(window, 'location', { configurable: true, value: original }));

  it('the confirmation page names the remote and the origin; only its button keeps the override', async () => {
    render(<ConfirmOverridePage override={OVERRIDE} cleanUrl="http://site.test/feed" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Load a development build into this page?' })).toHaveFocus();
    expect(screen.getByRole('main')).toHaveTextContent('mf-feed');
    expect(screen.getByRole('main')).toHaveTextContent('http://localhost:3001/remoteEntry.js');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(sessionStorage.getItem(OVERRIDE_STORAGE_KEY)).toBeNull();
    expect(replace).toHaveBeenLastCalledWith('http://site.test/feed');
    await userEvent.click(screen.getByRole('button', { name: 'Load mf-feed from http://localhost:3001' }));
    expect(JSON.parse(sessionStorage.getItem(OVERRIDE_STORAGE_KEY)!)).toEqual({ 'mf-feed': OVERRIDE.url });
  });

  it('the banner says what is on and turns it off', async () => {
    sessionStorage.setItem(OVERRIDE_STORAGE_KEY, JSON.stringify({ 'mf-feed': OVERRIDE.url }));
    render(<OverrideBanner plan={{ enabled: true, active: [OVERRIDE], cleanUrl: 'http://site.test/feed', hadParam: false }} />);
    const banner = screen.getByRole('region', { name: 'Development override' });
    expect(banner).toHaveTextContent('Development build: mf-feed from http://localhost:3001 (this tab only)');
    await userEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(sessionStorage.getItem(OVERRIDE_STORAGE_KEY)).toBeNull();
    expect(reload).toHaveBeenCalled();
  });

  it('shows nothing when no override is on or refused', () => {
    const { container } = render(<OverrideBanner plan={{ enabled: true, active: [], cleanUrl: 'x', hadParam: false }} />);
    expect(container).toBeEmptyDOMElement();
  });
});
