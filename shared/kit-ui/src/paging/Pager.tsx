/** Previous / next page buttons for a list whose response says whether more exist (hidden when there is one page). */
export function Pager({ page, hasNext, onPage, className = 'w-pager' }: { page: number; hasNext: boolean; onPage: (page: number) => void; className?: string }) {
  if (page === 1 && !hasNext) return null;
  return (
    <nav className={className} aria-label="Pages">
      <button type="button" className="w-btn w-btn--rounded-rect w-btn--normal w-btn--secondary" disabled={page === 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span aria-live="polite">Page {page}</span>
      <button type="button" className="w-btn w-btn--rounded-rect w-btn--normal w-btn--secondary" disabled={!hasNext} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}
