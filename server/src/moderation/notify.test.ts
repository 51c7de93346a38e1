/**
 * Moderation tells people what happened (docs/features.md, "The social layer": kinds
 * report_resolved and wish_hidden): each reporter when an action resolves their report, the
 * author when their wish is hidden by a moderator or automatically; never the acting moderator,
 * never twice for one hide.
 */
import { createTestApp, dialects, type TestContext, type TestUser } from '../../test/kit/harness';
import { loadOptions } from '../options/load';
import { runAdminCommand } from './admin-cli';
import { autoHideReason } from './queries';
import { MODERATION_TEXT } from './schemas';

describe.each(dialects)('moderation notifications (%s)', (dialect) => {
  let t: TestContext;
  let author: TestUser;
  let moderator: TestUser;
  let reporters: TestUser[];
  let category: string;
  beforeAll(async () => {
    t = await createTestApp(dialect, { autoHideReports: 3 });
    author = await t.createUser({ first_name: 'Aldo', last_name: 'Author' });
    moderator = await t.createUser({ first_name: 'Mona', last_name: 'Mod' });
    reporters = [await t.createUser(), await t.createUser(), await t.createUser()];
    expect((await runAdminCommand(t.app.deps.db, ['role', moderator.email, 'moderator'])).code).toBe(0);
    category = loadOptions(t.config.optionsPath).options.report_topic_config[0]!;
  });
  afterAll(async () => t.close());

  const report = async (wishId: number, who: TestUser) =>
    expect((await t.request({ method: 'POST', url: '/api/complaints/submit/', payload: { category, wish_id: wishId }, token: who.access })).statusCode).toBe(201);
  const act = async (wishId: number, action: string, reason: string) =>
    expect((await t.request({ method: 'POST', url: `/api/moderation/wish/${wishId}/`, payload: { action, reason }, token: moderator.access })).statusCode).toBe(200);
  const moderationNotes = async (who: TestUser) => {
    const body = (await t.request({ url: '/api/notifications/', token: who.access })).json();
    return body.notifications
      .filter((n: { kind: string }) => n.kind === 'report_resolved' || n.kind === 'wish_hidden')
      .map((n: { kind: string; wish_id: number | null; text: string; read: boolean }) => ({ kind: n.kind, wish_id: n.wish_id, text: n.text, read: n.read }));
  };

  it('a hide tells each reporter (report_resolved) and the author (wish_hidden) once', async () => {
    const wish = await t.saveWish(author, 'A wish to hide');
    await report(wish, reporters[0]!);
    await report(wish, reporters[1]!);
    await act(wish, 'hide', 'Spam link');
    for (const r of [reporters[0]!, reporters[1]!]) {
      expect(await moderationNotes(r)).toEqual([{ kind: 'report_resolved', wish_id: wish, text: MODERATION_TEXT.reportResolved.hide, read: false }]);
    }
    expect(await moderationNotes(reporters[2]!)).toEqual([]);
    expect(await moderationNotes(author)).toEqual([{ kind: 'wish_hidden', wish_id: wish, text: MODERATION_TEXT.wishHidden('Spam link'), read: false }]);
    expect(await moderationNotes(moderator)).toEqual([]);
    // A second hide of a hidden wish resolves nothing new and tells the author nothing new.
    await act(wish, 'hide', 'Still spam');
    expect(await moderationNotes(author)).toHaveLength(1);
    expect(await moderationNotes(reporters[0]!)).toHaveLength(1);
  });

  it('dismiss and delete tell the reporters only; a deleted wish leaves no wish id', async () => {
    const kept = await t.saveWish(author, 'A fine wish');
    await report(kept, reporters[2]!);
    await act(kept, 'dismiss', 'Nothing wrong');
    expect((await moderationNotes(reporters[2]!))[0]).toEqual({ kind: 'report_resolved', wish_id: kept, text: MODERATION_TEXT.reportResolved.dismiss, read: false });

    const gone = await t.saveWish(author, 'A wish to delete');
    await report(gone, reporters[2]!);
    await act(gone, 'delete', 'Abuse');
    expect((await moderationNotes(reporters[2]!))[0]).toEqual({ kind: 'report_resolved', wish_id: null, text: MODERATION_TEXT.reportResolved.delete, read: false });
    // The author heard only of the earlier hide.
    expect((await moderationNotes(author)).map((n: { kind: string }) => n.kind)).toEqual(['wish_hidden']);
  });

  it('an automatic hide (threshold of signed-in reports) tells the author', async () => {
    const wish = await t.saveWish(author, 'A much reported wish');
    for (const r of reporters) await report(wish, r);
    const notes = await moderationNotes(author);
    expect(notes[0]).toEqual({ kind: 'wish_hidden', wish_id: wish, text: MODERATION_TEXT.wishHidden(autoHideReason(3)), read: false });
    // The reports stay open for a moderator: reporters hear nothing yet.
    expect((await moderationNotes(reporters[0]!)).filter((n: { wish_id: number | null }) => n.wish_id === wish)).toEqual([]);
  });
});
