// jest.config.js: globalSetup (see postgres-run.ts and sqlite-template.ts). The site's remotes are known to the server by
// their builds' release.json; the suites' site is this checkout, so each remote's declaration is
// written there as its build writes it (unchanged files are left alone).
import path from 'node:path';
import { globalSetup } from './postgres-run';
import { sqliteTemplateSetup } from './sqlite-template';
import { writeSiteDeclarations } from './site-remotes';

export default async function setup(): Promise<void> {
  writeSiteDeclarations(path.resolve(__dirname, '..', '..', '..'));
  await Promise.all([globalSetup(), sqliteTemplateSetup()]);
}
