/**
 * @wishes/kit-client: the typed API client, the site's options, event streams and the query layer.
 * Each line is a file this package owns (scripts/kit-pack.js reads them).
 */
export * from '../client';
export * from '../options';
export * from '../streams';
export * from '../embedded';
export * from '../contract/queryKeys';
export * from '../query/queryClient';
export * from '../query/siteHooks';
export * from '../query/DataProvider';
export * from '../query/wishCache';
export * from '../query/hooks';
export * from '../hooks';
