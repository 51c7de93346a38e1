import type { ReactElement } from 'react';
import { renderRoutes } from '@wishes/kit-test';

/** Renders `element` mounted at `pattern`, starting at `path`, as the shell would. */
export function renderRoute(pattern: string, path: string, element: ReactElement) {
  return renderRoutes([{ path: pattern, element }], { url: path });
}
