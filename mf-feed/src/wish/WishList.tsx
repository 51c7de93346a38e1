import type { WishListProps } from '@wishes/shared/remotes';
import { WishCard } from './WishCard';
import { DrawnCard } from '../feed/drawnCards';

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
            <WishCard wish={wish} onChange={onChange} highlight={highlight} />
          </li>
        );
      })}
    </ul>
  );
}
