import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '../../test/fetch-mock.ts';
import { aTicketDetail } from '../../test/fixtures.ts';
import { providersWrapper } from '../../test/render.tsx';
import { useFetchTicket, useMoveTicket } from './tickets-api.ts';

const open = aTicketDetail({
  id: 't1',
  name: 'TD.0042',
  status: 'Open',
  version: 1,
  allowed_statuses: ['Tax Preparation', 'Required More Information', 'Cancelled'],
});
const moved = aTicketDetail({ ...open, status: 'Tax Preparation', version: 2, allowed_statuses: ['Cancelled'] });

describe('moving a ticket while a read of it is in flight (the board asks for allowed moves as a drag starts)', () => {
  it('the late read does not put the old status back: the next read has the moved ticket', async () => {
    let releaseRead: (r: Response) => void = () => {};
    let reads = 0;
    mockApi({
      // The first read answers only after the move has; later reads see the moved ticket.
      'GET /tickets/t1': () =>
        ++reads === 1
          ? (new Promise<Response>((resolve) => (releaseRead = resolve)) as unknown as Response)
          : json(200, moved),
      'POST /tickets/t1/status': () => json(200, moved),
    });
    const wrapper = providersWrapper();
    const { result } = renderHook(() => ({ fetch: useFetchTicket(), move: useMoveTicket() }), { wrapper });

    const early = result.current.fetch('t1').catch(() => null); // the drag's read, still in flight
    await result.current.move.mutateAsync({ id: 't1', status: 'Tax Preparation', expected_version: 1 });
    releaseRead(json(200, open)); // the stale answer arrives last
    await early;

    await waitFor(async () => {
      const now = await result.current.fetch('t1');
      expect(now.status).toBe('Tax Preparation');
      expect(now.allowed_statuses).toEqual(['Cancelled']);
    });
  });
});
