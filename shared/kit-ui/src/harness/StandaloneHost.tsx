/**
 * A small host for running ONE remote alone (`npm run dev -w <remote>`): the session (sign in
 * against the running API), the bus's toasts and modals, and a router over the routes the remote
 * declares in its remote.config.ts. No shell, no other remote: a team works on its screens by
 * themselves. Never part of a production bundle (each remote's bootstrap imports it in
 * development only).
 */
import { Component, lazy, StrictMode, Suspense, useEffect, useMemo, useState, type ComponentType, type ErrorInfo, type FormEvent, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { BrowserRouter, Link, Navigate, Route, Routes, useNavigate, useParams } from 'react-router-dom';
import { call } from '@wishes/kit-client';
import { DataProvider } from '@wishes/kit-client';
import { useMutation } from '@wishes/kit-client';
import { bus, type ModalOpenEvent, type ToastEvent } from '@wishes/kit-session';
import { checkSession, signIn, signOut, startSession } from '@wishes/kit-session';
import { loadOptions } from '@wishes/kit-client';
import { useSessionUser } from '@wishes/kit-client';
import { Button } from '../ui/Button';
import { Modal } from '../ui/Modal';
import { Spinner } from '../ui/Status';
import { ensureUiStyles } from '../ui/styles';
import type { RemoteDeclaration } from '@wishes/kit-contract/registry';

/** Loads one of the remote's source files by its path under src/ ('home/HomePage.tsx'). */
export type PageImporter = (file: string) => Promise<{ default: ComponentType<Record<string, unknown>> }>;

const SIGN_IN = '/__standalone/sign_in';

class PageBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('[standalone] the page failed', error, info.componentStack);
  }
  render() {
    return this.state.error ? <p role="alert">This page failed: {this.state.error.message}</p> : this.props.children;
  }
}

function Toasts() {
  const [toasts, setToasts] = useState<Array<ToastEvent & { id: number }>>([]);
  useEffect(() => {
    let next = 0;
    const sub = bus.toast$.subscribe((event) => {
      const id = ++next;
      setToasts((list) => [...list, { ...event, id }]);
      setTimeout(() => setToasts((list) => list.filter((t) => t.id !== id)), event.durationMs ?? 5000);
    });
    return () => sub.unsubscribe();
  }, []);
  return (
    <div style={{ position: 'fixed', top: 8, right: 8, display: 'grid', gap: 8, zIndex: 1000 }}>
      {toasts.map((t) => (
        <div key={t.id} role="alert" data-kind={t.kind} style={{ padding: '8px 12px', background: t.kind === 'error' ? '#fde8e8' : '#e8f5e9', border: '1px solid #ccc' }}>
          {t.text}
        </div>
      ))}
    </div>
  );
}

function Modals() {
  const [stack, setStack] = useState<ModalOpenEvent[]>([]);
  useEffect(() => {
    const sub = bus.modal$.subscribe((event) => {
      if (event.type === 'open') setStack((list) => [...list, event]);
      else setStack((list) => (event.id === undefined ? list.slice(0, -1) : list.filter((m) => m.id !== event.id)));
    });
    return () => sub.unsubscribe();
  }, []);
  return (
    <>
      {stack.map((modal, level) => {
        const close = () => {
          setStack((list) => list.filter((m) => m.id !== modal.id));
          modal.onClose?.();
        };
        return (
          <Modal key={modal.id} title={modal.title} level={level} isTop={level === stack.length - 1} onClose={close}>
            {modal.render(close)}
          </Modal>
        );
      })}
    </>
  );
}

/** The bus's navigate events move this router. */
function NavigationBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    const sub = bus.navigate$.subscribe((event) => navigate(event.to, { replace: event.replace }));
    return () => sub.unsubscribe();
  }, [navigate]);
  return null;
}

function SignInForm() {
  const navigate = useNavigate();
  const login = useMutation({
    mutationFn: ({ email, password }: { email: string; password: string }) => call('obtainToken', { body: { username: email, password } }),
    onSuccess: (tokens, { email }) => {
      // The page's cache follows the session: nothing fetched for the visitor stays.
      signIn(tokens, email);
      navigate(-1);
    },
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    login.mutate({ email: String(form.get('email') ?? ''), password: String(form.get('password') ?? '') });
  };
  const error = login.error ? login.error.message || 'Sign-in failed' : null;
  return (
    <form onSubmit={submit} aria-label="Standalone sign in" style={{ display: 'grid', gap: 8, maxWidth: 320 }}>
      <h1>Sign in (standalone host)</h1>
      <label>
        Email <input name="email" type="email" autoComplete="username" required className="w-input" />
      </label>
      <label>
        Password <input name="password" type="password" autoComplete="current-password" required className="w-input" />
      </label>
      {error ? <p role="alert">{error}</p> : null}
      <Button type="submit">Sign In</Button>
    </form>
  );
}

function RedirectWithParams({ to }: { to: string }) {
  const params = useParams();
  return <Navigate to={to.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''))} replace />;
}

function Host({ declaration, importPage }: { declaration: RemoteDeclaration; importPage: PageImporter }) {
  const user = useSessionUser();
  // One lazy component per exposed page (its file under src/).
  const pages = useMemo(
    () => Object.fromEntries(Object.entries(declaration.exposes).map(([expose, file]) => [expose, lazy(() => importPage(file.replace(/^\.\/src\//, '')))])),
    [declaration, importPage],
  );
  return (
    <>
      <header style={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'center', padding: 8, borderBottom: '1px solid #ddd' }}>
        <strong>{declaration.folder} (standalone)</strong>
        <nav aria-label="Main" style={{ display: 'flex', gap: 8 }}>
          {declaration.routes
            .filter((r) => r.expose && !r.path.includes(':') && !r.path.includes('*'))
            .map((r) => (
              <Link key={r.path} to={r.path}>
                {r.title ?? r.path}
              </Link>
            ))}
        </nav>
        <span style={{ marginLeft: 'auto' }}>
          {user ? (
            <Button variant="secondary" onClick={() => signOut()}>
              Sign out {user.username}
            </Button>
          ) : (
            <Link to={SIGN_IN}>Sign In</Link>
          )}
        </span>
      </header>
      <main id="main" style={{ padding: 16 }}>
        <PageBoundary>
          <Suspense fallback={<Spinner label="Loading..." />}>
            <Routes>
              {declaration.routes.map((route) => {
                if (route.redirectTo !== undefined) return <Route key={route.path} path={route.path} element={<RedirectWithParams to={route.redirectTo} />} />;
                const Page = pages[route.expose ?? ''];
                const element = Page ? <Page /> : <p>{route.expose} is not exposed</p>;
                return <Route key={route.path} path={route.path} element={route.signIn && !user ? <Navigate to={SIGN_IN} /> : element} />;
              })}
              <Route path={SIGN_IN} element={<SignInForm />} />
              {/* A remote with a home route keeps it; otherwise list what it declares. */}
              <Route path="*" element={<p>Not a route of {declaration.folder}: its routes are {declaration.routes.map((r) => r.path).join(', ')}.</p>} />
            </Routes>
          </Suspense>
        </PageBoundary>
      </main>
      <Toasts />
      <Modals />
      <NavigationBridge />
    </>
  );
}

/** Renders `declaration`'s routes alone into #root; returns the React root. */
export async function startStandalone(declaration: RemoteDeclaration, importPage: PageImporter): Promise<Root> {
  ensureUiStyles();
  startSession();
  await checkSession().catch((error: unknown) => console.error('[standalone] session check failed', error));
  void loadOptions();
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing');
  const root = createRoot(container);
  root.render(
    <StrictMode>
      <DataProvider>
        <BrowserRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
          <Host declaration={declaration} importPage={importPage} />
        </BrowserRouter>
      </DataProvider>
    </StrictMode>,
  );
  return root;
}
