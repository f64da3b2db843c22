/** Where the browser cannot say when it is idle (Safari has no requestIdleCallback): this long after asking. */
const FALLBACK_MS = 1000;

/**
 * Runs `run` once the browser is idle (at the latest after `timeout` ms). Where it cannot say when it is idle,
 * after a second (or `timeout`, if shorter): not at once, where it would compete with the page's own first load.
 * Returns what cancels it if it has not run yet.
 */
export function whenIdle(run: () => void, timeout: number): () => void {
  if (typeof requestIdleCallback !== 'function') {
    const timer = setTimeout(run, Math.min(FALLBACK_MS, timeout));
    return () => clearTimeout(timer);
  }
  const idle = requestIdleCallback(run, { timeout });
  return () => cancelIdleCallback(idle);
}
