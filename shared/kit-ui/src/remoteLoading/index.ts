export { loadWithin, RemoteLoadError, REMOTE_TIMEOUT_MS } from './loadWithin';
export { ErrorBoundary } from './ErrorBoundary';
