/**
 * The whole route table of the spec (§2 Routes) in one place: each path maps to a remote's
 * exposed page (loaded at run time with a fallback) or to one of the shell's own pages.
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes, useParams } from 'react-router-dom';
import { Spinner, type ExposedModule } from '@wishes/shared';
import { RemoteArea } from './remotes/RemoteArea';
import { RequireSignIn } from './auth/RequireSignIn';
import { NotFoundPage } from './pages/NotFoundPage';

// react-markdown and its unified/micromark tree (~40 KB gzip) are needed only on /page/*: a chunk
// of their own, fetched when such a page opens, not on every start-up.
const StaticPage = lazy(() => import(/* webpackChunkName: "static-page" */ './pages/StaticPage').then((m) => ({ default: m.StaticPage })));
const staticPage = (
  <Suspense
    fallback={
      <div className="shell-page-loading">
        <Spinner label="Loading..." />
      </div>
    }
  >
    <StaticPage />
  </Suspense>
);

const remote = (module: ExposedModule): ReactNode => <RemoteArea module={module} page />;
const signedIn = (module: ExposedModule): ReactNode => <RequireSignIn>{remote(module)}</RequireSignIn>;

/** /user/{n}/{page} is rewritten to /user/{n}. */
function ProfilePageRedirect() {
  const { uid = '' } = useParams();
  return <Navigate to={`/user/${encodeURIComponent(uid)}`} replace />;
}

/** Opt in to react-router v7 behaviour now (and silence its deprecation warnings). */
export const ROUTER_FUTURE = { v7_startTransition: true, v7_relativeSplatPath: true } as const;

export interface RouteEntry {
  path: string;
  element: ReactNode;
  /** Sign-in needed (for documentation and tests). */
  protected?: boolean;
}

export const ROUTES: RouteEntry[] = [
  { path: '/', element: remote('mf_feed/HomePage') },
  { path: '/feed', element: remote('mf_feed/FeedPage') },
  { path: '/feed/:n', element: <Navigate to="/feed" replace /> },
  { path: '/wish/:id', element: remote('mf_feed/WishPage') },
  { path: '/user/:uid', element: remote('mf_profile/ProfilePage') },
  { path: '/user/:uid/:page', element: <ProfilePageRedirect /> },
  { path: '/search', element: remote('mf_feed/SearchPage') },
  { path: '/page/:pageName', element: staticPage },
  { path: '/auth/sign_in', element: remote('mf_auth/SignInPage') },
  { path: '/auth/sign_up', element: remote('mf_auth/SignUpPage') },
  { path: '/auth/reset_password', element: remote('mf_auth/ResetRequestPage') },
  // A trailing slash is accepted by the router; the splat route lets a link with a missing uid or
  // token reach the page, which then says the link is invalid.
  { path: '/auth/reset_password_confirm/:uid/:token', element: remote('mf_auth/ResetConfirmPage') },
  { path: '/auth/reset_password_confirm/*', element: remote('mf_auth/ResetConfirmPage') },
  { path: '/compose', element: signedIn('mf_compose/ComposePage'), protected: true },
  { path: '/compose/:topic', element: signedIn('mf_compose/ComposePage'), protected: true },
  { path: '/subscriptions', element: signedIn('mf_profile/SubscriptionsPage'), protected: true },
  { path: '/business', element: signedIn('mf_compose/BusinessPage'), protected: true },
  // The social layer (mf-profile): notifications and account settings.
  { path: '/notifications', element: signedIn('mf_profile/NotificationsPage'), protected: true },
  { path: '/settings', element: signedIn('mf_profile/SettingsPage'), protected: true },
  { path: '*', element: <NotFoundPage /> },
];

export function AppRoutes() {
  return (
    <Routes>
      {ROUTES.map((route) => (
        <Route key={route.path} path={route.path} element={route.element} />
      ))}
    </Routes>
  );
}
