/** A private wish exists only for its author (docs/security.md, "Protections": Visibility): every screen and call. */
import { unique } from '../support/api';
import { useExtraServer } from '../support/extra-server';
import { expect, pageSignedInAs, test } from '../support/fixtures';
import { wishCard } from '../support/ui';

// The console-error watch (support/console-watch.ts): a private wish answers 404 to everyone but its author, on purpose.
test.beforeEach(({ consoleWatch }) => {
  consoleWatch.allow(/\/wish\/\d+\/? → 404$/, /\/api\/base\/wish\/\d+\/ → 404$/, /status of 404 .*\/wish\/\d+/);
});

// Its own server, so "the newest public wish is on the first page" holds exactly.
useExtraServer({ label: 'privacy' });

test('a private wish is invisible to others everywhere and visible to its author', async ({ page, browser, api, request, baseURL }) => {
  const author = await api.createUser({ firstName: 'Priya', lastName: 'Private' });
  const other = await api.createUser();
  const token = unique('secret');
  const privateText = `Private ${token}: only for my eyes.`;
  const publicText = `Public ${unique('open')}: for everyone.`;
  const privateId = await api.createWish(author, privateText, false);
  await api.createWish(author, publicText, true);

  // The API refuses it to others (visitor and another user) everywhere.
  for (const who of [undefined, other]) {
    expect((await api.wish(privateId, who)).status).toBe(404);
    const feed = await api.request('GET', '/api/base/feed/1/', { token: who?.access });
    expect(JSON.stringify(feed.body)).not.toContain(token);
    const search = await api.request('POST', '/api/base/search/', { token: who?.access, json: { query: token } });
    expect(search.body.wishes).toEqual([]);
    const theirs = await api.request('GET', `/api/base/user/${author.id}/wishes/1/`, { token: who?.access });
    expect(JSON.stringify(theirs.body)).not.toContain(token);
    expect((await api.profile(author.id, who)).posts).toBe(1);
    expect((await api.request('GET', `/api/wish/${privateId}/voters/`, { token: who?.access, expect: [404] })).status).toBe(404);
    expect((await api.request('POST', '/api/complaints/submit/', { token: who?.access, json: { category: (await api.options()).report_topic_config[0], wish_id: privateId }, expect: [404] })).status).toBe(404);
  }
  expect((await api.request('POST', `/api/wish/${privateId}/vote/`, { token: other.access, json: { vote_type: 'upvote' }, expect: [404] })).status).toBe(404);

  // Nor is it in the pages' embedded data.
  for (const path of ['/feed', `/user/${author.id}`, `/wish/${privateId}`, '/']) {
    expect(await (await request.get(path)).text()).not.toContain(token);
  }

  // Screens, as a visitor and as another user.
  const otherPage = await pageSignedInAs(browser, other, baseURL!);
  for (const p of [page, otherPage]) {
    await p.goto(`/wish/${privateId}`);
    await expect(p.getByText('Could not find this wish!')).toBeVisible();
    await p.goto('/feed');
    await expect(wishCard(p, publicText)).toBeVisible();
    await expect(p.getByText(privateText)).toHaveCount(0);
    await p.goto('/');
    await expect(p.getByRole('region', { name: 'Recent Wishes' }).getByRole('article').first()).toBeVisible();
    await expect(p.getByText(privateText)).toHaveCount(0);
    await p.goto(`/user/${author.id}`);
    await expect(wishCard(p, publicText)).toBeVisible();
    await expect(p.getByTestId('profile-posts')).toHaveText('1');
    await expect(p.getByText(privateText)).toHaveCount(0);
    await p.goto(`/search?q=${token}`);
    await expect(p.getByText(`No results found for "${token}". Try a different search term.`)).toBeVisible();
  }
  await otherPage.context().close();

  // The author sees it on the wish page and on the own profile.
  const authorPage = await pageSignedInAs(browser, author, baseURL!);
  await authorPage.goto(`/wish/${privateId}`);
  await expect(wishCard(authorPage, privateText)).toBeVisible();
  await authorPage.goto(`/user/${author.id}`);
  await expect(wishCard(authorPage, privateText)).toBeVisible();
  await expect(authorPage.getByTestId('profile-posts')).toHaveText('2');
  await authorPage.context().close();
});
