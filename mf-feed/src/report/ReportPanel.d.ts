export declare const REPORT_TEXTS: {
    readonly received: "Complaint received";
    readonly loading: "Loading report options...";
    readonly unavailable: "Could not load the report options.";
};
/** The Report modal's body: one button per reason from the server options; a press files the report (of a wish, or of a reply under one). */
export declare function ReportPanel({ wishId, replyId, close }: {
    wishId?: number;
    replyId?: number;
    close: () => void;
}): import("react").JSX.Element;
