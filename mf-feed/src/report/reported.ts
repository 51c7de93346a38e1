/**
 * Which wishes the signed-in member has reported, so a card and the wish page can say "Reported"
 * to them (only to them: it comes from their own reports, GET /api/complaints/my/). Read once per
 * session and kept; a report filed here adds its wish at once.
 */
import { call, useQuery, useSessionUser } from '@wishes/kit-client';
import { type QueryClient } from '@tanstack/react-query';
import { type MyReportsPage } from '@wishes/kit-contract';
import { session$ } from '@wishes/kit-session';

/** Beside the site's my-reports pages ('reports', 'mine', page): the set of their wish ids, per member. */
const reportedKey = (userId: number) => ['reports', 'mine', 'wish-ids', userId] as const;
/** Pages read at most: a member's reports are few; past that, newer reports still show. */
const MAX_PAGES = 5;

async function loadReportedIds(): Promise<number[]> {
  const ids: number[] = [];
  let page: number | null = 1;
  for (let read = 0; page !== null && read < MAX_PAGES; read += 1) {
    const answer: MyReportsPage = await call('listMyReports', { query: { page } });
    for (const report of answer.reports) ids.push(report.wish_id);
    page = answer.next_page_number;
  }
  return ids;
}

/** Whether the signed-in member reported this wish (false for a visitor and while unknown). */
export function useReportedByMe(wishId: number): boolean {
  const me = useSessionUser();
  const userId = me?.userId ?? null;
  const query = useQuery({
    queryKey: reportedKey(userId ?? 0),
    // A sign-out resets every query before this card renders again without a member: read nothing then
    // (the call would go out without a token).
    queryFn: () => (session$.value.user?.userId === userId ? loadReportedIds() : Promise.resolve([])),
    enabled: userId !== null,
    staleTime: Infinity,
    retry: false,
  });
  return userId !== null && (query.data?.includes(wishId) ?? false);
}

/** After a report is received: the wish shows as reported at once, wherever it is on screen. */
export function markReported(client: QueryClient, userId: number | null | undefined, wishId: number): void {
  if (userId == null) return;
  client.setQueryData<number[]>(reportedKey(userId), (ids) => (ids?.includes(wishId) ? ids : [...(ids ?? []), wishId]));
}

