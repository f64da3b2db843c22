import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  endpoints,
  type CreateInvoiceBody,
  type InvoiceListQuery,
  type TestCardPaymentBody,
  type UpdateInvoiceBody,
} from '@taxportal/contract';
import { call } from '../../lib/api/index.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { partQuery } from '../../lib/ticket-data.ts';
import { ticketInvoiceKey, ticketInvoicePart } from './ticket-data.ts';

/** Every billing query starts with this key: invalidating it refreshes lists, details and totals at once. */
const billingKeys = {
  all: ['billing'] as const,
  list: (params: Record<string, unknown>) => ['billing', 'list', params] as const,
  invoice: (id: string) => ['billing', 'invoice', id] as const,
  ticket: ticketInvoiceKey,
  payments: (invoiceId: string) => ['billing', 'payments', invoiceId] as const,
  taxTemplates: ['billing', 'tax-templates'] as const,
  shared: (token: string) => ['billing', 'shared', token] as const,
  dashboard: ['billing', 'dashboard'] as const,
};

/** The lists' filters: GET /api/v1/invoices's query as the contract declares it (the cursor aside); null is cleared. */
export type InvoiceFilters = { [K in Exclude<keyof InvoiceListQuery, 'cursor'>]?: InvoiceListQuery[K] | null };

/** GET /invoices: a customer's own, or (staff) all with totals; keyset "load more". */
export function useInvoiceList(filters: InvoiceFilters, enabled = true) {
  return useInfiniteQuery({
    queryKey: billingKeys.list({ ...filters }),
    queryFn: ({ pageParam, signal }) =>
      call(endpoints.listInvoices, { query: { ...filters, cursor: pageParam }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    enabled,
  });
}

/**
 * The customer's invoices awaiting payment, Overdue first (the first page of each): the dashboard's card. The
 * dashboard waits for this query before it shows, so the card never pushes the page down (no layout shift).
 */
export const dashboardInvoicesQuery = (enabled: boolean) =>
  ({
    queryKey: billingKeys.dashboard,
    queryFn: async ({ signal }: { signal: AbortSignal }) => {
      const [overdue, unpaid] = await Promise.all([
        call(endpoints.listInvoices, { query: { status: 'Overdue', limit: 20 }, signal }),
        call(endpoints.listInvoices, { query: { status: 'Unpaid', limit: 20 }, signal }),
      ]);
      return [...overdue.items, ...unpaid.items];
    },
    enabled,
  }) as const;

export function useInvoice(id: string) {
  return useQuery({
    queryKey: billingKeys.invoice(id),
    queryFn: ({ signal }) => call(endpoints.getInvoice, { params: { id }, signal }),
  });
}

export function useTicketInvoice(ticketId: string) {
  return useQuery(partQuery(ticketInvoicePart, ticketId));
}

export function usePayments(invoiceId: string, enabled: boolean) {
  return useQuery({
    queryKey: billingKeys.payments(invoiceId),
    queryFn: ({ signal }) => call(endpoints.listPayments, { query: { invoice_id: invoiceId }, signal }),
    enabled,
  });
}

export function useTaxTemplates(enabled: boolean) {
  return useQuery({
    queryKey: billingKeys.taxTemplates,
    queryFn: ({ signal }) => call(endpoints.listTaxTemplates, { signal }),
    enabled,
    staleTime: 60_000,
  });
}

export function useSharedInvoice(token: string) {
  return useQuery({
    queryKey: billingKeys.shared(token),
    queryFn: ({ signal }) => call(endpoints.getSharedInvoice, { params: { token }, signal }),
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
        ? call(endpoints.updateInvoice, { params: { id: v.id }, body: v.update ?? {} }).then((inv) =>
            v.issue ? call(endpoints.issueInvoice, { params: { id: inv.id } }) : inv,
          )
        : call(endpoints.createInvoice, { body: v.create as CreateInvoiceBody }),
    onSettled: refresh,
  });
}

export function useInvoiceAction() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (v: { id: string; action: 'issue' | 'cancel' }) =>
      call(v.action === 'issue' ? endpoints.issueInvoice : endpoints.cancelInvoice, { params: { id: v.id } }),
    onSettled: refresh,
  });
}

export function useShareLink() {
  const refresh = useRefresh();
  return {
    create: useMutation({ mutationFn: (id: string) => call(endpoints.createShareLink, { params: { id } }) }),
    revoke: useMutation({
      mutationFn: (id: string) => call(endpoints.revokeShareLinks, { params: { id } }),
      onSettled: refresh,
    }),
  };
}

export function useRefund() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (paymentId: string) =>
      call(endpoints.refundPayment, { params: { id: paymentId }, body: { reason: 'requested_by_customer' } }),
    onSettled: refresh,
  });
}

export const paymentsApi = {
  intent: (invoiceId: string) => call(endpoints.createPaymentIntent, { params: { id: invoiceId } }),
  testCard: (invoiceId: string, body: TestCardPaymentBody) =>
    call(endpoints.payWithTestCard, { params: { id: invoiceId }, body }),
  confirm: (invoiceId: string, paymentIntentId: string) =>
    call(endpoints.confirmPayment, { params: { id: invoiceId }, body: { payment_intent_id: paymentIntentId } }),
};

export { useRefresh as useBillingRefresh };
