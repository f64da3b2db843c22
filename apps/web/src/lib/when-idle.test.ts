import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from './when-idle.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('whenIdle', () => {
  it('asks the browser for an idle moment, with the deadline given, and can be cancelled', () => {
    const requestIdleCallback = vi.fn(() => 7);
    const cancelIdleCallback = vi.fn();
    vi.stubGlobal('requestIdleCallback', requestIdleCallback);
    vi.stubGlobal('cancelIdleCallback', cancelIdleCallback);
    const run = vi.fn();
    const cancel = whenIdle(run, 4000);
    expect(requestIdleCallback).toHaveBeenCalledWith(run, { timeout: 4000 });
    cancel();
    expect(cancelIdleCallback).toHaveBeenCalledWith(7);
  });

  it('where the browser cannot say (Safari), runs a second later, not at once', () => {
    // Only the timers: vitest's fake timers would otherwise put back a requestIdleCallback of their own.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.stubGlobal('requestIdleCallback', undefined);
    const run = vi.fn();
    whenIdle(run, 5000);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(999);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledOnce();
    // Never later than the deadline asked for, and cancelled, not at all.
    const soon = vi.fn();
    whenIdle(soon, 300);
    vi.advanceTimersByTime(300);
    expect(soon).toHaveBeenCalledOnce();
    const cancelled = vi.fn();
    whenIdle(cancelled, 5000)();
    vi.advanceTimersByTime(5000);
    expect(cancelled).not.toHaveBeenCalled();
  });
});
