import type { ReactNode } from 'react';
/** An accessible loading indicator with its text. */
export declare function Spinner({ label, showLabel }: {
    label: string;
    showLabel?: boolean;
}): import("react").JSX.Element;
/** An empty or informational state. */
export declare function EmptyState({ children }: {
    children: ReactNode;
}): import("react").JSX.Element;
/** An error state with an optional retry button. */
export declare function ErrorState({ message, onRetry, retryLabel }: {
    message: string;
    onRetry?: () => void;
    retryLabel?: string;
}): import("react").JSX.Element;
/** The link component of the app's router (react-router's Link), passed in: the kit does not import the router. */
export type WayBackLink = (props: {
    to: string;
    className?: string;
    children?: ReactNode;
}) => ReactNode;
export declare const WAY_BACK_TEXTS: {
    readonly label: "Where to next";
    readonly feed: "Go to the feed";
    readonly search: "Search wishes";
    readonly home: "Go to the home page";
};
/**
 * The ways on from a dead end (a missing wish or profile), like the not-found page's: the feed,
 * search and the home page.
 */
export declare function WayBack({ Link }: {
    Link: WayBackLink;
}): import("react").JSX.Element;
