#!/usr/bin/env node
/**
 * `npm run typecheck`: every package's types, each package checked once. Three compilers side by side
 * (one per core): `tsc --build` of the root tsconfig.json (shared once, then the browser packages and
 * the journeys against shared's declarations, in .tmp/tsc), the server's own check, and the writer's
 * (packages/writer, with its tests and evaluation: the server's check reads only what it imports).
 * `npm run typecheck -w <package>` still checks one package (building shared first when it is stale).
 * First, each remote that consumes another's module gets that module's types from the provider's
 * workspace (the kit's wishes-types: @mf-types/<provider>/<Module>.d.ts).
 */
const { spawn } = require('child_process');
const path = require('path');

const root = path.join(__dirname, '..');
const { SITE_REMOTES } = require('../build/registry');
const { writeWorkspaceTypes } = require('../shared/kit-build/src/types');

for (const remote of SITE_REMOTES) if (remote.consumes?.length) writeWorkspaceTypes(path.join(root, remote.folder), remote);
const tsc = require.resolve('typescript/bin/tsc');
const checks = [
  ['packages', ['-b', 'tsconfig.json']],
  ['server', ['-p', 'server/tsconfig.json']],
  ['writer', ['-p', 'packages/writer/tsconfig.json']],
];

Promise.all(
  checks.map(
    ([label, args]) =>
      new Promise((resolve) => {
        const started = Date.now();
        const child = spawn(process.execPath, [tsc, ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
        let output = '';
        child.stdout.on('data', (chunk) => (output += chunk));
        child.stderr.on('data', (chunk) => (output += chunk));
        child.on('close', (code) => {
          // Whole outputs, one after the other, so two compilers' lines never interleave.
          if (output) process.stdout.write(output);
          console.log(`typecheck ${label}: ${code === 0 ? 'ok' : 'FAILED'} in ${Math.round((Date.now() - started) / 1000)} s`);
          resolve(code === 0);
        });
      }),
  ),
).then((results) => process.exit(results.every(Boolean) ? 0 : 1));
