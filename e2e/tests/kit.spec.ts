/**
 * A team outside the monorepo (docs/teams.md, "A team outside the monorepo"), as a team does it:
 * `npm run kit:pack` builds the kit, `npm run new-remote` scaffolds a remote into a temporary folder
 * outside the repository whose kit dependencies are the running site's /kit/ URLs, and there
 * `npm install` (the kit from the site, react & co. from the registry), `npm run build`, `npm test`
 * and `npm run release -- --publish` with a team token from `npm run remotes -- token create`; the
 * activated release shows its page and navigation entry in the production shell.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Api } from '../support/api';
import { expect, pageSignedInAs, test } from '../support/fixtures';
import { REPO_ROOT } from '../support/paths';
import { startServer, type ServerHandle } from '../support/server';
import { expectShell, header } from '../support/ui';
import { teamCommands } from '../support/team-commands';

const FOLDER = 'mf-kitdemo';
const TITLE = 'Kitdemo';
const SHOTS = '/tmp/shots/kit';

let server: ServerHandle;
let work = '';
let releasesDir = '';

const { teamEnv, run } = teamCommands('kit', ['cache', 'registry', 'userconfig', 'nodedir']);

test.describe('a remote built outside the monorepo from the kit', () => {
  test.describe.configure({ timeout: 600_000 });

  test.beforeAll(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'wishes-e2e-kit-'));
    releasesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wishes-e2e-kit-rel-'));
    server = await startServer({ label: 'kit', env: { RELEASES_DIR: releasesDir } });
    fs.mkdirSync(SHOTS, { recursive: true });
  });
  test.afterAll(async () => {
    await server?.stop();
    for (const dir of [work, releasesDir]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  test('kit:pack, new-remote, install from /kit/, build, test, publish with a team token, activate: its page shows, and its nav entry to members', async ({ page, browser }) => {
    const tarballs = await run(process.execPath, [path.join(REPO_ROOT, 'scripts', 'kit-pack.js')], REPO_ROOT);
    expect(tarballs.map((file) => path.basename(file)).sort()).toEqual(
      expect.arrayContaining([expect.stringMatching(/^wishes-kit-build-\d+\.\d+\.\d+\.tgz$/), expect.stringMatching(/^wishes-kit-ui-\d+\.\d+\.\d+\.tgz$/)]),
    );
    for (const file of tarballs) {
      const served = await fetch(`${server.url}/kit/${path.basename(file)}`);
      expect([served.status, served.headers.get('cache-control')]).toEqual([200, 'public, max-age=31536000, immutable']);
      expect(Buffer.from(await served.arrayBuffer()).equals(fs.readFileSync(file))).toBe(true);
    }

    const dir = path.join(work, FOLDER);
    expect(path.relative(REPO_ROOT, dir).startsWith('..')).toBe(true);
    await run(process.execPath, [path.join(REPO_ROOT, 'scripts', 'new-remote.js'), FOLDER, dir, '--kit-url', `${server.url}/kit`], REPO_ROOT);
    const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
    // Nothing points back into the repository: the kit comes by URL, the rest by version.
    expect(JSON.stringify(pkg)).not.toContain(REPO_ROOT);
    expect(pkg.dependencies['@wishes/kit-ui']).toMatch(new RegExp(`^${server.url}/kit/wishes-kit-ui-`));

    await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund'], dir);
    await run('npm', ['run', 'build'], dir);
    expect(fs.existsSync(path.join(dir, 'dist', 'remoteEntry.js'))).toBe(true);
    const tested = await run('npm', ['test'], dir);
    expect(tested.join('\n')).toMatch(/Tests:\s+1 passed, 1 total/);

    const token = (await run(process.execPath, [path.join(REPO_ROOT, 'scripts', 'remotes.js'), 'token', 'create', FOLDER, '--name', 'kit-team'], REPO_ROOT, teamEnv({ DATA_DIR: server.dataDir, DATABASE_URL: '', RELEASES_DIR: releasesDir }))).pop() ?? '';
    expect(token).toMatch(/^wtt_/);
    const release = (await run('npm', ['run', 'release', '--', '--publish', server.url], dir, teamEnv({ WISHES_TEAM_TOKEN: token }))).pop() ?? '';
    expect(release).toMatch(/^0\.1\.0-[0-9a-f]{12}$/);

    await page.goto(`${server.url}/kitdemo`);
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
    const activated = await fetch(`${server.url}/api/admin/remotes/${FOLDER}/activate/`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ release }),
    });
    expect(activated.status).toBe(200);

    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${server.url}/feed`);
      await expectShell(page);
      // A new remote's entry is for members unless it says otherwise (visitors see only Feed).
      await expect(header(page).getByRole('link', { name: TITLE })).toHaveCount(0);
      await page.goto(`${server.url}/kitdemo`);
      await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
      await expect(page.getByText('Welcome, visitor.')).toBeVisible();
      await expect(page).toHaveTitle(new RegExp(`^${TITLE} \\| `));
      await page.screenshot({ path: path.join(SHOTS, `kit-remote-${width}.png`), fullPage: true });
    }
    // The kit is the shell's at run time: the remote's page sees the member the shell signed in.
    const member = await new Api(server.url).createUser();
    const memberPage = await pageSignedInAs(browser, member, server.url);
    await memberPage.goto(`${server.url}/feed`);
    await header(memberPage).getByRole('link', { name: TITLE }).click();
    await expect(memberPage.getByText(/^Signed in as .+\.$/)).toBeVisible();
    await memberPage.context().close();
  });
});
