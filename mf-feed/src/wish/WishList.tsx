import { memo } from 'react';
import type { WishListProps } from '@wishes/kit-contract/remotes';
import { WishCard } from './WishCard';
import { DrawnCard } from '../feed/drawnCards';

/**
 * A card renders again only when its own props change (or what it reads: the session, the cache):
 * the feed's second render (drawn cards made live) and each next page then build the new cards
 * only, not every card above them again.
 */
const ListedCard = memo(WishCard);

/**
 * A plain list of wish cards; the page that shows it owns paging. `highlight` marks a search term.
 * `drawn`: server-drawn cards (by wish id) to show instead of live ones for now (the feed's first
 * render, ../feed/drawnCards).
 */
export default function WishList({ wishes, onChange, highlight, drawn }: WishListProps & { highlight?: string; drawn?: ReadonlyMap<number, HTMLElement> | null }) {
  return (
    <ul className="feed-list">
      {wishes.map((wish) => {
        const node = drawn?.get(wish.id);
        return node ? (
          <DrawnCard key={`drawn-${wish.id}`} node={node} />
        ) : (
          <li key={wish.id} className="feed-list__item">
            <ListedCard wish={wish} onChange={onChange} highlight={highlight} />
          </li>
        );
      })}
    </ul>
  );
}
