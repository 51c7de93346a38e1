import { type QueryClient } from '@tanstack/react-query';
/** Whether the signed-in member reported this wish (false for a visitor and while unknown). */
export declare function useReportedByMe(wishId: number): boolean;
/** After a report is received: the wish shows as reported at once, wherever it is on screen. */
export declare function markReported(client: QueryClient, userId: number | null | undefined, wishId: number): void;
