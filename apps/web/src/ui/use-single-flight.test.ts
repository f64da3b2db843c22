import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSingleFlight } from './use-single-flight.ts';

describe('useSingleFlight', () => {
  it('runs the action once while it is in flight, and again once it has settled (also after a failure)', async () => {
    let calls = 0;
    let finish!: () => void;
    const { result } = renderHook(() =>
      useSingleFlight(async () => {
        calls++;
        await new Promise<void>((r) => (finish = r));
      }),
    );
    const first = result.current();
    void result.current();
    void result.current();
    expect(calls).toBe(1);
    finish();
    await first;
    const second = result.current();
    expect(calls).toBe(2);
    finish();
    await second;

    const failing = renderHook(() => useSingleFlight(async () => Promise.reject(new Error('no'))));
    await expect(failing.result.current()).rejects.toThrow('no');
    await expect(failing.result.current()).rejects.toThrow('no');
  });
});
