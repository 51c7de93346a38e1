import { readFileSync } from 'node:fs';
import { OPERATION_IDS, OPERATIONS, pathOf } from './operations';
import { ROUTES_FILE, routesModuleSource } from './routes-source';
import { API_ROUTES, apiPath } from './routes';

describe('the client route map (routes.ts)', () => {
  it('is what the operation table generates (run `npm run openapi` after changing the table)', () => {
    expect(readFileSync(ROUTES_FILE, 'utf8')).toBe(routesModuleSource());
  });

  it('has every operation, with its method and path', () => {
    expect(Object.keys(API_ROUTES)).toEqual(OPERATION_IDS);
    for (const id of OPERATION_IDS) expect(API_ROUTES[id]).toEqual({ method: OPERATIONS[id].method, path: OPERATIONS[id].path });
    expect(apiPath('getUserWishesPage', { id: 7, page: 2 })).toBe(pathOf('getUserWishesPage', { id: 7, page: 2 }));
    expect(apiPath('activateRelease', { remote: 'a b' })).toBe('/api/admin/remotes/a%20b/activate/');
  });
});
