import path from 'node:path';

/** The repository root (the server resolves DATA_DIR and friends from here). */
export const REPO_ROOT = path.resolve(__dirname, '..', '..');
export const E2E_ROOT = path.resolve(__dirname, '..');
export const SERVER_MAIN = path.join(REPO_ROOT, 'server', 'src', 'main.ts');
export const BUILD_SITE = path.join(REPO_ROOT, 'scripts', 'build-site.js');
