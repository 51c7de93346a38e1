/** Pixels between the bottom of the viewport and the bottom of the page. */
export function distanceToPageBottom(): number {
  const root = document.documentElement;
  const scrollHeight = Math.max(root.scrollHeight, document.body?.scrollHeight ?? 0);
  const scrolled = window.scrollY ?? root.scrollTop ?? 0;
  return scrollHeight - (scrolled + window.innerHeight);
}
