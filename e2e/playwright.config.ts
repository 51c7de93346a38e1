import { defineConfig, devices } from '@playwright/test';
import path from 'node:path';

/**
 * Browser journeys against the whole composed site: the production server (one port) serving the
 * built shell and remotes. Global setup builds what is stale, starts an SMTP receiver and the
 * server; tests reach both through process.env (see support/env.ts).
 */
const inCI = !!process.env.CI;

/**
 * Chromium's features the journeys turn off. Headless Chromium keeps a browser window per context,
 * and each window started two WebUI renderers for the address bar's popups nobody opens (about a
 * fifth of the journeys' CPU). Chromium reads only the last --disable-features switch, so this one
 * repeats Playwright's own list (playwright-core, chromiumSwitches.ts) before adding ours.
 */
const DISABLED_FEATURES = [
  // Playwright's.
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  // Ours: the address bar's popups (chrome://omnibox-popup.top-chrome/).
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
];
/** The packaging journeys (scripts/test-packaging.js runs them). */
const PACKAGING = /(kit|eject)\.spec\.ts/;

export default defineConfig({
  testDir: './tests',
  outputDir: path.join(__dirname, 'test-results'),
  globalSetup: require.resolve('./support/global-setup'),
  globalTeardown: require.resolve('./support/global-teardown'),
  fullyParallel: true,
  workers: 2,
  retries: inCI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: inCI,
  reporter: [
    ['list'],
    // scripts/test.js sets PLAYWRIGHT_JSON_OUTPUT_NAME and reads stats.expected/unexpected/flaky/skipped.
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME || path.join(__dirname, 'test-results', 'results.json') }],
    ['html', { open: 'never', outputFolder: path.join(__dirname, 'playwright-report') }],
  ],
  use: {
    ...devices['Desktop Chrome'],
    viewport: { width: 1280, height: 800 },
    // A failed journey keeps its trace: every action with a DOM snapshot before and after, which
    // the trace viewer renders. Without the screencast: its frames were about a quarter of the
    // journeys' CPU (mostly the browser encoding them) and show nothing the snapshots do not.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-dev-shm-usage',
        `--disable-features=${DISABLED_FEATURES.join(',')}`,
      ],
    },
  },
  projects: [
    { name: 'chromium', testIgnore: [/postgres\.spec\.ts/, PACKAGING] },
    // One small smoke run on PostgreSQL per test run (its own server, fresh database).
    { name: 'postgres', testMatch: /postgres\.spec\.ts/ },
    // What a team outside the monorepo installs and builds: `npm run test:packaging`, not `npm test`.
    { name: 'packaging', testMatch: PACKAGING },
  ],
});
