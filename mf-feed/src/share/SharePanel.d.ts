import './share.css';
export declare const SHARE_TEXTS: {
    readonly copy: "Copy Link";
    readonly copied: "Copied!";
    readonly copyFailed: "Failed to copy text";
};
export declare function wishUrl(wishId: number): string;
/** Share targets that take the link in their URL; each opens in a new tab. */
export declare function socialShareLinks(url: string): Array<{
    name: string;
    href: string;
}>;
/** The Share modal's body: the wish link, a copy button and social-network options. */
export declare function SharePanel({ wishId }: {
    wishId: number;
}): import("react").JSX.Element;
