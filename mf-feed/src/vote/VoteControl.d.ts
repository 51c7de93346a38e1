import { type VoteType, type Wish } from '@wishes/kit-contract';
import './vote.css';
export type VoteDisplayMode = 'both' | 'count' | 'upvote' | 'downvote';
export interface VoteControlProps {
    wish: Wish;
    /** Receives the wish with the server's counts and vote_type after each successful change. */
    onChange: (wish: Wish) => void;
    mode?: VoteDisplayMode;
}
/** The voters modal; its panel is fetched at the first use (../common/lazyPanel), not with the card. */
export declare function openVotersModal(wishId: number): void;
/** "1 upvote", "2 upvotes", "0 downvotes". */
export declare function countText(count: number, type: VoteType): string;
/** The net score as people read it: "+2", "0", "-1". */
export declare function signedCount(value: number): string;
/**
 * The vote control. In 'both' mode it reads ▲ +2 ▼: the middle figure is the net score and a button
 * (with a people icon) that opens the voters ("+2 net score. Show voters"); the up and down counts
 * are read by screen readers from hidden text beside it ("2 upvotes", "1 downvote") and shown in
 * the voters modal, so no number shows twice.
 */
export declare function VoteControl({ wish, onChange, mode }: VoteControlProps): import("react").JSX.Element;
