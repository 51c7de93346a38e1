/**
 * @wishes/kit-ui: the UI kit, form and paging hooks, formatting and validation (the contract's,
 * re-exported for the apps).
 */
export * from './ui/styles';
export * from './ui/iconPaths';
export * from './ui/Button';
export * from './ui/Icon';
export * from './ui/Modal';
export * from './ui/Status';
export * from './ui/useMenu';
export * from './forms/useFormFields';
export * from './forms/useSubmit';
export * from './paging/usePagedList';
export * from './paging/Pager';
export * from './paging/useShowOlder';
export * from './remoteLoading/loadWithin';
export * from './remoteLoading/loadRemoteModule';
export * from './remoteLoading/ErrorBoundary';
export * from './format';
export * from './timeZones';
export * from './useKeyedState';
export * from './useEarlyTap';
export { EARLY_TAP_HELD_CLASS } from './earlyTap';
export * from '@wishes/kit-contract/validation';
