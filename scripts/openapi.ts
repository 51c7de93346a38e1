/**
 * `npm run openapi [-- <file>]`: writes the OpenAPI document generated from the operation table
 * (shared/kit-contract/src/operations.ts) to openapi.json (the same document /api/docs/json serves).
 * `npm run lint:openapi` then checks it with Redocly's recommended ruleset (redocly.yaml).
 * It also rewrites shared/kit-contract/src/routes.ts, the client's method-and-path map of the table.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildOpenApi } from '../shared/kit-contract/src/openapi';
import { ROUTES_FILE, routesModuleSource } from '../shared/kit-contract/src/routes-source';

const out = path.resolve(__dirname, '..', process.argv[2] ?? 'openapi.json');
writeFileSync(out, JSON.stringify(buildOpenApi(), null, 2) + '\n');
console.log(`wrote ${path.relative(process.cwd(), out) || out}`);
// The browser's light copy of every path and method (no TypeBox at run time); a test keeps it current.
writeFileSync(ROUTES_FILE, routesModuleSource());
console.log(`wrote ${path.relative(process.cwd(), ROUTES_FILE)}`);
