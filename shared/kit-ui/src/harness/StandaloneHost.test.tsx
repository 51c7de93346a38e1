import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { getAccessToken, signOut } from '@wishes/kit-session';
import { toast } from '@wishes/kit-session';
import { startStandalone } from './StandaloneHost';
import type { RemoteDeclaration } from '@wishes/kit-contract/registry';

const DECLARATION: RemoteDeclaration = {
  key: 'demo',
  name: 'mf_demo',
  folder: 'mf-demo',
  devPort: 3999,
  exposes: { ListPage: './src/list/ListPage.tsx', PrivatePage: './src/private/PrivatePage.tsx' },
  routes: [
    { path: '/list', expose: 'ListPage', title: 'List' },
    { path: '/list/:n', redirectTo: '/list' },
    { path: '/private', expose: 'PrivatePage', signIn: true },
  ],
  nav: [],
};

const imported: string[] = [];
let root: { unmount(): void } | null = null;
const importPage = async (file: string) => {
  imported.push(file);
  return { default: () => <p>page {file}</p> };
};

async function openAt(path: string) {
  act(() => root?.unmount());
  window.history.pushState({}, '', path);
  document.body.innerHTML = '<div id="root"></div>';
  await act(async () => {
    root = await startStandalone(DECLARATION, importPage);
  });
}

beforeEach(() => {
  act(() => signOut());
  imported.length = 0;
  // The options request is the only API call a visitor's page makes here; the host works without it.
  globalThis.fetch = jest.fn().mockResolvedValue({ ok: false, status: 500, json: async () => ({}), text: async () => '{}', headers: new Headers() }) as unknown as typeof fetch;
});
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  jest.restoreAllMocks();
});

describe('the standalone host of one remote', () => {
  it("renders the remote's page for its route, loaded from its source file", async () => {
    await openAt('/list');
    expect(await screen.findByText('page list/ListPage.tsx')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'List' })).toHaveAttribute('href', '/list');
  });

  it('follows declared redirects and guards signIn routes with its own sign-in form', async () => {
    await openAt('/list/3');
    expect(await screen.findByText('page list/ListPage.tsx')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/list');
    await openAt('/private');
    expect(await screen.findByRole('heading', { name: 'Sign in (standalone host)' })).toBeInTheDocument();
    expect(imported).not.toContain('private/PrivatePage.tsx');
  });

  it('signs in with its own form through the token call, and says why when it cannot', async () => {
    // This file's fetch stand-in (the host needs no more than the token call here).
    const fetchMock = globalThis.fetch as jest.Mock;
    // A JSON answer shaped as the client reads it (plain jsdom has no Response).
    const reply = (status: number, body: unknown) => ({ ok: status < 300, status, json: async () => body, headers: new Headers() });
    fetchMock.mockImplementation(async (url: string) => (url === '/api/token/' ? reply(401, { error: 'Invalid credentials' }) : reply(500, {})));
    await openAt('/private');
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'ann@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Invalid credentials')).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls.find(([called]) => called === '/api/token/')!;
    expect([url, init.method, JSON.parse(init.body)]).toEqual(['/api/token/', 'POST', { username: 'ann@example.com', password: 'secret-pass' }]);

    const access = 'a.' + btoa(JSON.stringify({ user_id: 7, exp: 4102444800 })) + '.s';
    fetchMock.mockImplementation(async (url: string) => (url === '/api/token/' ? reply(200, { access, refresh: 'r' }) : reply(500, {})));
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(getAccessToken()).toBe(access));
  });

  it("shows the bus's toasts", async () => {
    await openAt('/list');
    await screen.findByText('page list/ListPage.tsx');
    act(() => toast.success('Saved'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Saved');
  });
});
