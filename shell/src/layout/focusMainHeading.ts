/**
 * After a change that removes the focused control (sign-out), focus the new page's main heading
 * once it has arrived (pages are remotes that load asynchronously), so keyboard and screen-reader
 * users start at the top of the page, not on <body>. Falls back to the main landmark.
 */
export function focusMainHeadingOfNextPage(timeoutMs = 5000): () => void {
  const previous = document.querySelector('#main h1');
  const started = Date.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const attempt = () => {
    const heading = document.querySelector<HTMLElement>('#main h1');
    if (heading && heading !== previous && heading.isConnected) {
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus();
      return;
    }
    if (Date.now() - started > timeoutMs) {
      document.getElementById('main')?.focus();
      return;
    }
    timer = setTimeout(attempt, 50);
  };
  timer = setTimeout(attempt, 0);
  return () => clearTimeout(timer);
}
