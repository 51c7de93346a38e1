export { usePagedList, type PagedListOptions, type PagedListState } from './usePagedList';
export { Pager } from './Pager';
export { useShowOlder, type NumberedPage } from './useShowOlder';
