/** The server's own `error` text when the failed response carried one, else null. */
export declare function serverErrorText(error: unknown): string | null;
