/** Previous / next page buttons for a list whose response says whether more exist (hidden when there is one page). */
export declare function Pager({ page, hasNext, onPage, className }: {
    page: number;
    hasNext: boolean;
    onPage: (page: number) => void;
    className?: string;
}): import("react").JSX.Element | null;
