import { useRef } from 'react';

/**
 * Wraps an action so that a second call while the first is still running does nothing: a double-click, or taps
 * faster than the button's loading state can render, send one request, not several (an outside tester made four
 * tickets with quick taps on Submit). The guard is a ref, set before any re-render.
 */
export function useSingleFlight<A extends unknown[]>(
  action: (...args: A) => Promise<unknown>,
): (...args: A) => Promise<void> {
  const busy = useRef(false);
  return async (...args: A) => {
    if (busy.current) return;
    busy.current = true;
    try {
      await action(...args);
    } finally {
      busy.current = false;
    }
  };
}
