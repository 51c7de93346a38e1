import { type Wish } from '@wishes/kit-contract';
import './moderate.css';
export declare const STAFF_TEXTS: {
    readonly label: "Reason (required, shown in the log; for a hide, also to the author)";
    readonly blank: "Please give a reason.";
    readonly failed: "The moderation action failed. Please try again.";
};
/** The reason a banned author's wishes carry (server: wishes/visibility.ts AUTHOR_BANNED_REASON). */
export declare const AUTHOR_BANNED_REASON = "The author's account is suspended.";
export type StaffAction = 'hide' | 'restore' | 'ban';
export declare function openStaffAction(wish: Wish, action: StaffAction, onDone: (wish: Wish) => void): void;
