import { type QueryClient } from '@tanstack/react-query';
import { type Wish } from '@wishes/kit-contract';
import './own.css';
export declare const OWN_WISH_TEXTS: {
    readonly editTitle: "Edit wish";
    readonly textLabel: "Wish text";
    readonly emptyText: "Wish text cannot be empty.";
    readonly saved: "Wish updated";
    readonly deleteTitle: "Delete wish";
    readonly deleteQuestion: "Delete this wish? Its votes and reports go with it. This cannot be undone.";
    readonly deleted: "Wish deleted";
    readonly madePrivate: "Only you can see this wish now";
    readonly madePublic: "Anyone can see this wish now";
};
/** Edit form: a labelled textarea with the 2000-character limit, Save and Cancel. */
export declare function EditWishPanel({ wish, close, onSaved }: {
    wish: Wish;
    close: () => void;
    onSaved: (wish: Wish) => void;
}): import("react").JSX.Element;
/** The delete confirmation: says what goes with the wish; Cancel has the focus first. */
export declare function DeleteWishPanel({ wish, close, onDeleted }: {
    wish: Wish;
    close: () => void;
    onDeleted: (wish: Wish) => void;
}): import("react").JSX.Element;
export declare function openEditWish(wish: Wish, onSaved: (wish: Wish) => void): void;
export declare function openDeleteWish(wish: Wish, onDeleted: (wish: Wish) => void): void;
/** Switches public/private; the updated wish on success (patched into every cached copy), null (after a toast) on failure. */
export declare function toggleVisibility(wish: Wish, client: QueryClient): Promise<Wish | null>;
