import type { BillingDetails, BillingDetailsInput, BillingPeriod, Invoice, PaymentMethod, PlanSummary } from '../../../../lambdas/contract/payments';
import { api } from '../../lib/api-client';

type Answer<T> = { success: boolean; data: T; message?: string };

export const paymentsApi = {
  plan: (opts: { silent?: boolean } = {}) => api.get<Answer<PlanSummary>>('/payments/plan', opts).then((r) => r.data.data),
  /** The Stripe Checkout page to send the browser to. */
  upgrade: (period: BillingPeriod) => api.post<{ success: boolean; url: string }>('/users/upgrade-premium', { period }).then((r) => r.data.url),
  history: () => api.get<Answer<Invoice[]>>('/payments/history').then((r) => r.data.data),
  methods: () => api.get<Answer<PaymentMethod[]>>('/payments/methods').then((r) => r.data.data),
  /** Stripe's customer portal: cancel at the end of the period, resume, change the card. */
  portal: () => api.post<{ success: boolean; url: string }>('/payments/portal').then((r) => r.data.url),
  addMethod: () => api.post<{ success: boolean; url: string }>('/payments/methods').then((r) => r.data.url),
  setDefault: (id: string) => api.put<Answer<PaymentMethod[]>>(`/payments/methods/${encodeURIComponent(id)}/default`).then((r) => r.data),
  remove: (id: string) => api.delete<Answer<PaymentMethod[]>>(`/payments/methods/${encodeURIComponent(id)}`).then((r) => r.data),
  billing: () => api.get<Answer<BillingDetails | null>>('/payments/billing').then((r) => r.data.data),
  saveBilling: (body: BillingDetailsInput) => api.put<Answer<BillingDetails>>('/payments/billing', body).then((r) => r.data),
};

/** Leaves the SPA for Checkout (a full navigation: Stripe's page is another origin). Replaceable in tests. */
export const browser = { go: (url: string) => window.location.assign(url) };
