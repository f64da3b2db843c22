import { describe, expect, it } from 'vitest';
import { REALTIME_EVENT_TYPES, realtimeEventSchema } from './realtime-events.ts';

describe('REALTIME_EVENT_TYPES', () => {
  it('names every event the schema has, once, and no other', () => {
    const fromSchema = realtimeEventSchema.options.map((o) => o.shape.type.value);
    expect([...REALTIME_EVENT_TYPES].sort()).toEqual([...fromSchema].sort());
    expect(new Set(REALTIME_EVENT_TYPES).size).toBe(REALTIME_EVENT_TYPES.length);
  });
});
