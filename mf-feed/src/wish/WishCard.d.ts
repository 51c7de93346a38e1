import { type Wish } from '@wishes/kit-contract';
import { type WishCardProps } from '@wishes/kit-contract/remotes';
import { type VoteDisplayMode } from '../vote/VoteControl';
import './wish.css';
export declare function openShareModal(wishId: number): void;
export declare function openReportModal(wishId: number): void;
export interface WishCardViewProps extends WishCardProps {
    voteMode?: VoteDisplayMode;
    /** The single wish page shows the text in full and not as a link to itself. */
    standalone?: boolean;
    /** After its author deleted it (the card then renders nothing); the wish page leaves. */
    onDeleted?: (wish: Wish) => void;
    /** A search term whose words are marked in the text. */
    highlight?: string;
}
/**
 * One wish: author header, text (opens the wish), vote control and a View/Share/Report menu
 * (Share only for a public wish, Report only on someone else's), and a Private/Hidden mark; its
 * author also gets Edit, Make private/public and Delete (with a confirmation).
 */
export declare function WishCard({ wish: initialWish, onChange, onDeleted, voteMode, standalone, highlight }: WishCardViewProps): import("react").JSX.Element | null;
/** Default export for Module Federation ('mf_feed/WishCard'). */
export default function WishCardRemote(props: WishCardProps): import("react").JSX.Element;
