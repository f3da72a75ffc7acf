import type { BillingDetailsInput, BillingPeriod } from '../../../../lambdas/contract/payments';
import { call } from '../../lib/api';

export const paymentsApi = {
  plan: async (opts: { silent?: boolean } = {}) => (await call('GET /payments/plan', {}, opts)).data,
  /** The Stripe Checkout page to send the browser to. */
  upgrade: async (period: BillingPeriod) => (await call('POST /users/upgrade-premium', { body: { period } })).url,
  history: async () => (await call('GET /payments/history', {})).data,
  methods: async () => (await call('GET /payments/methods', {})).data,
  /** Stripe's customer portal: cancel at the end of the period, resume, change the card. */
  portal: async () => (await call('POST /payments/portal', {})).url,
  addMethod: async () => (await call('POST /payments/methods', {})).url,
  setDefault: (id: string) => call('PUT /payments/methods/{id}/default', { params: { id } }),
  remove: (id: string) => call('DELETE /payments/methods/{id}', { params: { id } }),
  billing: async () => (await call('GET /payments/billing', {})).data,
  saveBilling: (body: BillingDetailsInput) => call('PUT /payments/billing', { body }),
};

/** Leaves the SPA for Checkout (a full navigation: Stripe's page is another origin). Replaceable in tests. */
export const browser = { go: (url: string) => window.location.assign(url) };
