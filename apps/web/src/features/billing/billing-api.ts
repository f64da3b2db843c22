import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateInvoiceBody,
  Invoice,
  InvoiceList,
  InvoiceStatus,
  PaymentEntry,
  PaymentIntentResponse,
  PaymentList,
  PaymentResult,
  SharedInvoice,
  ShareLink,
  TestCardPaymentBody,
  UpdateInvoiceBody,
} from '@taxportal/contract';
import { api, apiRequest } from '../../lib/api/index.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/** Every billing query starts with this key: invalidating it refreshes lists, details and totals at once. */
export const billingKeys = {
  all: ['billing'] as const,
  list: (params: Record<string, unknown>) => ['billing', 'list', params] as const,
  invoice: (id: string) => ['billing', 'invoice', id] as const,
  ticket: (ticketId: string) => ['billing', 'ticket', ticketId] as const,
  payments: (invoiceId: string) => ['billing', 'payments', invoiceId] as const,
  taxTemplates: ['billing', 'tax-templates'] as const,
  shared: (token: string) => ['billing', 'shared', token] as const,
};

export interface InvoiceFilters {
  status?: InvoiceStatus | null;
  customer?: string;
  from?: string | null;
  to?: string | null;
  ticket_id?: string;
  limit?: number;
}

export function invoicesQueryString(filters: InvoiceFilters, cursor?: string | null): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(filters)) {
    if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  }
  if (cursor) params.set('cursor', cursor);
  const s = params.toString();
  return s ? `?${s}` : '';
}

const invoicePath = (id: string, rest = '') => `/invoices/${encodeURIComponent(id)}${rest}`;

/** GET /invoices: a customer's own, or (staff) all with totals; keyset "load more". */
export function useInvoiceList(filters: InvoiceFilters, enabled = true) {
  return useInfiniteQuery({
    queryKey: billingKeys.list({ ...filters }),
    queryFn: ({ pageParam, signal }) =>
      api.get<InvoiceList>(`/invoices${invoicesQueryString(filters, pageParam)}`, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    enabled,
  });
}

export function useInvoice(id: string) {
  return useQuery({
    queryKey: billingKeys.invoice(id),
    queryFn: ({ signal }) => api.get<Invoice>(invoicePath(id), signal),
  });
}

/** The ticket's live invoice (SPEC's get_si_ticket_id): the newest one that is not cancelled, else the newest. */
export function useTicketInvoice(ticketId: string) {
  return useQuery({
    queryKey: billingKeys.ticket(ticketId),
    queryFn: async ({ signal }) => {
      const list = await api.get<InvoiceList>(`/invoices${invoicesQueryString({ ticket_id: ticketId })}`, signal);
      const summary =
        list.items.find((i) => i.status !== 'Cancelled' && i.status !== 'Refunded') ?? list.items[0] ?? null;
      return summary ? api.get<Invoice>(invoicePath(summary.id), signal) : null;
    },
  });
}

export function usePayments(invoiceId: string, enabled: boolean) {
  return useQuery({
    queryKey: billingKeys.payments(invoiceId),
    queryFn: ({ signal }) => api.get<PaymentList>(`/payments?invoice_id=${encodeURIComponent(invoiceId)}`, signal),
    enabled,
  });
}

export interface TaxTemplate {
  id: string;
  name: string;
  rate_bp: number;
}

export function useTaxTemplates(enabled: boolean) {
  return useQuery({
    queryKey: billingKeys.taxTemplates,
    queryFn: ({ signal }) => api.get<{ items: TaxTemplate[] }>('/admin/catalog/tax-templates', signal),
    enabled,
    staleTime: 60_000,
  });
}

export function useSharedInvoice(token: string) {
  return useQuery({
    queryKey: billingKeys.shared(token),
    queryFn: ({ signal }) => api.get<SharedInvoice>(`/invoices/shared/${encodeURIComponent(token)}`, signal),
    retry: false,
  });
}

/** After any change: billing lists and details, and the ticket (its status may have moved) and dashboard. */
function useRefresh() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: billingKeys.all });
    void client.invalidateQueries({ queryKey: queryKeys.tickets });
    void client.invalidateQueries({ queryKey: queryKeys.dashboard });
  };
}

export function useSaveInvoice() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (v: { id?: string; create?: CreateInvoiceBody; update?: UpdateInvoiceBody; issue?: boolean }) =>
      v.id
        ? apiRequest<Invoice>(invoicePath(v.id), { method: 'PATCH', body: v.update ?? {} }).then((inv) =>
            v.issue ? api.post<Invoice>(invoicePath(inv.id, '/issue')) : inv,
          )
        : api.post<Invoice>('/invoices', v.create),
    onSettled: refresh,
  });
}

export function useInvoiceAction() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (v: { id: string; action: 'issue' | 'cancel' }) => api.post<Invoice>(invoicePath(v.id, `/${v.action}`)),
    onSettled: refresh,
  });
}

export function useShareLink() {
  const refresh = useRefresh();
  return {
    create: useMutation({ mutationFn: (id: string) => api.post<ShareLink>(invoicePath(id, '/share')) }),
    revoke: useMutation({
      mutationFn: (id: string) => api.delete<void>(invoicePath(id, '/share')),
      onSettled: refresh,
    }),
  };
}

export function useRefund() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (paymentId: string) =>
      api.post<PaymentEntry>(`/payments/${encodeURIComponent(paymentId)}/refund`, { reason: 'requested_by_customer' }),
    onSettled: refresh,
  });
}

export const paymentsApi = {
  intent: (invoiceId: string) => api.post<PaymentIntentResponse>(invoicePath(invoiceId, '/payment-intent')),
  testCard: (invoiceId: string, body: TestCardPaymentBody) =>
    api.post<PaymentResult>(invoicePath(invoiceId, '/payments/test-card'), body),
  confirm: (invoiceId: string, paymentIntentId: string) =>
    api.post<PaymentResult>(invoicePath(invoiceId, '/payments/confirm'), { payment_intent_id: paymentIntentId }),
};

export { useRefresh as useBillingRefresh };
