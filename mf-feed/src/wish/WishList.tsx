import type { WishListProps } from '@wishes/shared/remotes';
import { WishCard } from './WishCard';

/** A plain list of wish cards; the page that shows it owns paging. `highlight` marks a search term. */
export default function WishList({ wishes, onChange, highlight }: WishListProps & { highlight?: string }) {
  return (
    <ul className="feed-list">
      {wishes.map((wish) => (
        <li key={wish.id} className="feed-list__item">
          <WishCard wish={wish} onChange={onChange} highlight={highlight} />
        </li>
      ))}
    </ul>
  );
}
