import { act, screen } from '@testing-library/react';
import { signOut } from '../session';
import { toast } from '../bus';
import { startStandalone } from './StandaloneHost';
import type { RemoteDeclaration } from '../registry';

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

  it("shows the bus's toasts", async () => {
    await openAt('/list');
    await screen.findByText('page list/ListPage.tsx');
    act(() => toast.success('Saved'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Saved');
  });
});
