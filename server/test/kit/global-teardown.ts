// jest.config.js: globalTeardown (see postgres-run.ts and sqlite-template.ts).
import { globalTeardown } from './postgres-run';
import { sqliteTemplateTeardown } from './sqlite-template';

export default async function teardown(): Promise<void> {
  sqliteTemplateTeardown();
  await globalTeardown();
}
