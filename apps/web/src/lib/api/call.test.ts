import { endpoints } from '@taxportal/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../test/fetch-mock.ts';
import { call, endpointUrl } from './call.ts';

afterEach(() => vi.restoreAllMocks());

describe('endpointUrl', () => {
  it('fills and encodes path params, and leaves empty query values out', () => {
    expect(endpointUrl(endpoints.getTicket, { id: 'TD 1/2' })).toBe('/api/v1/tickets/TD%201%2F2');
    expect(
      endpointUrl(endpoints.listTickets, undefined, { status: null, q: 'smith & co', year: 2024, assignee: '' }),
    ).toBe('/api/v1/tickets?q=smith+%26+co&year=2024');
    expect(endpointUrl(endpoints.updateDraftLabel, { id: 't1', draftId: 'd1' })).toBe('/api/v1/tickets/t1/drafts/d1');
  });

  it('refuses a missing param rather than calling /undefined', () => {
    expect(() => endpointUrl(endpoints.getTicket, {})).toThrow(/:id/);
  });
});

describe('call', () => {
  it('sends the declared method and body, and a write without a body sends {}', async () => {
    const calls = mockApi({
      'POST /tickets/t1/status': () => json(200, { id: 't1' }),
      'POST /notifications/read-all': () => json(200, { unread_count: 0 }),
      'DELETE /auth/tokens/k1': () => json(204, null),
    });
    await call(endpoints.changeTicketStatus, {
      params: { id: 't1' },
      body: { status: 'Tax Preparation', expected_version: 1 },
    });
    expect(await call(endpoints.markAllNotificationsRead)).toEqual({ unread_count: 0 });
    expect(await call(endpoints.revokeApiToken, { params: { id: 'k1' } })).toBeUndefined();
    expect(calls.map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      { method: 'POST', path: '/tickets/t1/status', body: { status: 'Tax Preparation', expected_version: 1 } },
      { method: 'POST', path: '/notifications/read-all', body: {} },
      { method: 'DELETE', path: '/auth/tokens/k1', body: undefined },
    ]);
  });
});
