/** Local date (and optionally time) in the browser's locale; '' for an invalid date. */
export declare function formatDate(iso: string | null | undefined, withTime?: boolean): string;
export interface AuthorShape {
    author?: string | null;
    first_name?: string | null;
    last_name?: string | null;
    user?: {
        full_name?: string | null;
        first_name?: string | null;
        last_name?: string | null;
    } | null;
}
/** The author's name from any of the shapes in docs/product.md#3-entities, falling back to 'Anonymous'. */
export declare function authorName(wish: AuthorShape): string;
export declare function authorAvatar(wish: {
    avatar_thumbnail?: string | null;
    avatar_url?: string | null;
    user?: {
        avatar_thumbnail?: string | null;
        avatar_url?: string | null;
    } | null;
}): string | null;
/** Positive integer from a route parameter, else null. */
export declare function parseId(value: string | undefined): number | null;
