import { Component, type ErrorInfo, type ReactNode } from 'react';
interface ErrorBoundaryProps {
    /** Shown instead of the children once they threw (while loading or rendering). */
    fallback: ReactNode;
    /** Told of the failure (to log it, or to prepare a fresh load for the next mount). */
    onError?: (error: Error, info: ErrorInfo) => void;
    children: ReactNode;
}
/** Keeps a failing area (a remote that is down, slow or crashes) from taking the page with it. */
export declare class ErrorBoundary extends Component<ErrorBoundaryProps, {
    failed: boolean;
}> {
    state: {
        failed: boolean;
    };
    static getDerivedStateFromError(): {
        failed: boolean;
    };
    componentDidCatch(error: Error, info: ErrorInfo): void;
    render(): ReactNode;
}
export {};
