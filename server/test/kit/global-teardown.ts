// jest.config.js: globalTeardown (see postgres-run.ts).
import { globalTeardown } from './postgres-run';

export default globalTeardown;
