/**
 * A route parameter as the person typed it. react-router already decodes params, but links built
 * elsewhere may arrive encoded once more (e.g. 'New%20Baby'); a malformed escape is kept as is.
 */
export function decodeRouteParam(param: string | undefined): string {
  if (!param) return '';
  try {
    return decodeURIComponent(param);
  } catch {
    return param;
  }
}
