/**
 * Runs `run` once the browser is idle (at the latest after `timeout` ms), or at once where it cannot say when it
 * is idle (Safari has no requestIdleCallback). Returns what cancels it if it has not run yet.
 */
export function whenIdle(run: () => void, timeout: number): () => void {
  if (typeof requestIdleCallback !== 'function') {
    run();
    return () => undefined;
  }
  const idle = requestIdleCallback(run, { timeout });
  return () => cancelIdleCallback(idle);
}
