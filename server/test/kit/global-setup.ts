// jest.config.js: globalSetup (see postgres-run.ts).
import { globalSetup } from './postgres-run';

export default globalSetup;
