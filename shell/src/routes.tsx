/**
 * The route table of the spec (docs/product.md#2-screens-and-routes Routes), composed at run time: every remote declares its own
 * routes in its remote.config.ts (a release carries the declaration; the manifest lists the active ones), and the
 * shell adds its own pages (static pages, not-found). A remote route renders the remote's exposed
 * page in its own area (spinner, failure message with Retry), behind the sign-in guard when it is
 * declared `signIn`, or redirects with its parameters.
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes, useParams } from 'react-router-dom';
import { Spinner } from '@wishes/kit-ui';
import { session$ } from '@wishes/kit-session';
import { resolveDeclaredRoute } from '@wishes/kit-contract/remotes';
import { preloadPage, RemoteArea } from './remotes/RemoteArea';
import { RequireSignIn } from './auth/RequireSignIn';
import { NotFoundPage } from './pages/NotFoundPage';
import { siteComposition, type ComposedRoute, type SiteComposition } from './remotes/composition';

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

/** A declared redirect: '/user/:uid' with the matched :uid. */
function RedirectWithParams({ to }: { to: string }) {
  const params = useParams();
  const target = to.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
  return <Navigate to={target} replace />;
}

/** Opt in to react-router v7 behaviour now (and silence its deprecation warnings). */
export const ROUTER_FUTURE = { v7_startTransition: true, v7_relativeSplatPath: true } as const;

export interface RouteEntry {
  path: string;
  element: ReactNode;
  /** Sign-in needed (for documentation and tests). */
  protected?: boolean;
}

function elementFor(route: ComposedRoute): ReactNode {
  if (route.redirectTo !== undefined) return <RedirectWithParams to={route.redirectTo} />;
  const page = <RemoteArea module={route.module ?? ''} page loadingTitle={route.title} />;
  return route.signIn ? <RequireSignIn>{page}</RequireSignIn> : page;
}

/** The remotes' routes, then the shell's static pages and its not-found page for any other path. */
export function routesFor(composition: SiteComposition = siteComposition()): RouteEntry[] {
  return [
    ...composition.routes.map((route) => ({ path: route.path, element: elementFor(route), protected: route.signIn === true })),
    { path: '/page/:pageName', element: staticPage },
    { path: '*', element: <NotFoundPage /> },
  ];
}

/**
 * Starts loading the page module that `pathname` renders (start-up, before the first render), as
 * the router will pick it; not a sign-in page for a visitor, whom it redirects. Returns the module.
 */
export function preloadRoutePage(pathname: string, composition: SiteComposition = siteComposition()): string | null {
  const route = resolveDeclaredRoute(composition.routes, pathname)?.route;
  if (!route?.module || (route.signIn && !session$.getValue().user)) return null;
  preloadPage(route.module);
  return route.module;
}

export function AppRoutes() {
  return (
    <Routes>
      {routesFor().map((route) => (
        <Route key={route.path} path={route.path} element={route.element} />
      ))}
    </Routes>
  );
}
