import path from 'node:path';
import { E2E_ROOT } from './paths';

/**
 * What global setup started, so global teardown can stop it even if setup's own teardown did not
 * run. Per runner process (setup and teardown run in it), so two runs at once never cross.
 */
export const STATE_FILE = path.join(E2E_ROOT, `.e2e-state-${process.pid}.json`);
