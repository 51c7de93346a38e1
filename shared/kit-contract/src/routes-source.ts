/** Writes routes.ts: the operation table's methods and paths only, for the browser (see scripts/openapi.ts). */
import path from 'node:path';
import { OPERATION_IDS, OPERATIONS } from './operations';

export const ROUTES_FILE = path.join(__dirname, 'routes.ts');

export function routesModuleSource(): string {
  const rows = OPERATION_IDS.map((id) => `  ${id}: { method: '${OPERATIONS[id].method}', path: '${OPERATIONS[id].path}' },`);
  return `/**
 * GENERATED from the operation table (operations.ts) by \`npm run openapi\`; do not edit.
 * The client's copy of every operation's method and path, without the schemas, so the browser
 * loads no TypeBox. shared/kit-contract/src/routes.test.ts fails when it is out of date.
 */
export const API_ROUTES = {
${rows.join('\n')}
} as const;

export type ApiOperationId = keyof typeof API_ROUTES;

/** The operation's path with \`{name}\` parameters filled in (URL-encoded). */
export function apiPath(id: ApiOperationId, params: Record<string, string | number> = {}): string {
  return API_ROUTES[id].path.replace(/\\{(\\w+)\\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(\`\${id}: missing path parameter \${name}\`);
    return encodeURIComponent(String(value));
  });
}
`;
}
