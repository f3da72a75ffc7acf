import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { clock } from '../../lambdas/shared/clock';

// The Stripe stand-in's objects (customers, prices, sessions, subscriptions, invoices, payment
// methods, setup intents) and its signed event delivery. Kept on disk for `npm start`.

/** The request fields the stand-in reads, as stripe-form.ts decodes them; the rest is kept as sent. */
export interface StripeForm {
  email?: string;
  name?: string;
  address?: Record<string, string>;
  metadata?: Record<string, string>;
  invoice_settings?: { default_payment_method?: string; custom_fields?: unknown };
  customer?: string;
  mode?: string;
  line_items?: { price?: string; quantity?: string }[];
  success_url?: string;
  cancel_url?: string;
  subscription_data?: { metadata?: Record<string, string> };
  number?: string;
  expiry?: string;
  cvc?: string;
  return_url?: string;
  locale?: string;
  status?: string;
  cancel_at_period_end?: string;
  payment_intent?: string;
  charge?: string;
  amount?: string;
  reason?: string;
  [field: string]: unknown;
}

// The objects, with the fields Mentora reads (lambdas/payments/stripe-mappers.ts) and Stripe's shape.
type Metadata = Record<string, string>;
export interface Customer {
  id: string; object: 'customer'; created: number; email: string | null; name: string | null; livemode: false;
  address: Record<string, string | null> | null; metadata: Metadata;
  invoice_settings: { default_payment_method: string | null; custom_fields: unknown };
}
export interface Price {
  id: string; object: 'price'; active: boolean; currency: string; unit_amount: number; type: 'recurring';
  recurring: { interval: string; interval_count: number }; product: string; nickname: string; livemode: false;
}
export interface Session extends StripeForm {
  id: string; object: 'checkout.session'; created: number; customer: string; status: string; payment_status: string;
  subscription: string | null; setup_intent: string | null; invoice?: string; metadata: Metadata;
  success_url: string; cancel_url: string; url: string | null; livemode: false;
}
export interface Subscription {
  id: string; object: 'subscription'; customer: string; status: string; created: number; start_date: number;
  cancel_at_period_end: boolean; cancel_at: number | null; canceled_at: number | null; ended_at: number | null;
  default_payment_method: string | null; metadata: Metadata; livemode: false; latest_invoice: string | null;
  items: { object: 'list'; data: { id: string; object: 'subscription_item'; price: Price; quantity: number; current_period_start: number; current_period_end: number }[] };
}
export interface Invoice {
  id: string; object: 'invoice'; customer: string; status: 'paid' | 'open'; currency: string; created: number; livemode: false;
  amount_due: number; amount_paid: number; total: number; status_transitions: { paid_at: number | null; finalized_at: number };
  hosted_invoice_url: string; invoice_pdf: null; description: null;
  lines: { object: 'list'; data: { id: string; object: 'line_item'; amount: number; description: string }[] };
  parent: { type: 'subscription_details'; subscription_details: { subscription: string; metadata: Metadata } };
}
/** A card payment that succeeded (a paid invoice's), what a refund names. */
export interface PaymentIntent {
  id: string; object: 'payment_intent'; amount: number; amount_received: number; currency: string; customer: string;
  status: 'succeeded'; latest_charge: string; created: number; livemode: false; metadata: Metadata;
}
export interface Refund {
  id: string; object: 'refund'; amount: number; currency: string; charge: string; payment_intent: string;
  status: 'succeeded'; reason: string | null; metadata: Metadata; created: number;
}
export interface PaymentMethod {
  id: string; object: 'payment_method'; type: 'card'; customer: string | null; created: number; livemode: false;
  card: { brand: string; last4: string; exp_month: number; exp_year: number; country: string; funding: string };
  billing_details: { name: null; email: null; address: null };
}
export interface SetupIntent {
  id: string; object: 'setup_intent'; customer: string; payment_method: string; status: 'succeeded'; usage: 'off_session'; created: number;
}

export interface PortalSession {
  id: string; object: 'billing_portal.session'; customer: string; return_url: string; url: string; created: number; livemode: false; locale: string | null;
}

export interface StripeState {
  customers: Record<string, Customer>;
  prices: Record<string, Price>;
  sessions: Record<string, Session>;
  subscriptions: Record<string, Subscription>;
  invoices: Record<string, Invoice>;
  paymentMethods: Record<string, PaymentMethod>;
  setupIntents: Record<string, SetupIntent>;
  portalSessions: Record<string, PortalSession>;
  paymentIntents: Record<string, PaymentIntent>;
  refunds: Record<string, Refund>;
  /** Invoice id → the payment intent that paid it (Stripe lists it under `payments` only when expanded). */
  invoicePayments: Record<string, string>;
  events: { id: string; type: string; created: number }[];
}

export const LOCAL_PRICES = {
  monthly: { id: 'price_local_premium_mensual', unit_amount: 999, interval: 'month', label: 'mensual' },
  yearly: { id: 'price_local_premium_anual', unit_amount: 9900, interval: 'year', label: 'anual' },
} as const;

/** Unix seconds by the clock the handlers read, so events are created and signed at the stack's "now". */
export const now = () => Math.floor(clock.now().getTime() / 1000);
export const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;

/** `Stripe-Signature` as Stripe builds it (t=<unix seconds>,v1=…), made by Stripe's own package, not by us. */
export const signPayload = (payload: string, secret: string, timestamp = now()) => Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });

export function createState(file?: string) {
  const empty = (): StripeState => ({ customers: {}, prices: {}, sessions: {}, subscriptions: {}, invoices: {}, paymentMethods: {}, setupIntents: {}, portalSessions: {}, paymentIntents: {}, refunds: {}, invoicePayments: {}, events: [] });
  const state: StripeState = file && existsSync(file) ? { ...empty(), ...(JSON.parse(readFileSync(file, 'utf8')) as Partial<StripeState>) } : empty();
  for (const p of Object.values(LOCAL_PRICES)) {
    state.prices[p.id] = {
      id: p.id, object: 'price', active: true, currency: 'eur', unit_amount: p.unit_amount, type: 'recurring',
      recurring: { interval: p.interval, interval_count: 1 }, product: 'prod_local_mentora_premium', nickname: `Mentora Premium ${p.label}`, livemode: false,
    };
  }
  const save = () => {
    if (!file) return;
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(state));
  };
  return { state, save };
}

/**
 * When Stripe delivers an event again after a failed delivery (a non-2xx answer or none): Stripe
 * itself retries for up to three days with growing gaps; locally the gaps are seconds, set by
 * MENTORA_STRIPE_RETRY_MS (comma-separated ms), so a drill sees the redelivery.
 */
export const redeliveryDelaysMs = (spec = process.env.MENTORA_STRIPE_RETRY_MS) =>
  (spec ?? '1000,5000,30000,120000').split(',').map(Number).filter((n) => Number.isFinite(n) && n >= 0);

/**
 * Posts one event to the webhook URL, signed with the webhook secret; answers the first delivery's
 * HTTP status (0 when nothing answered). A failed delivery is sent again, same event id, freshly
 * signed, as Stripe does, until one is answered 2xx or the delays run out.
 */
export function webhookSender(url: () => string | undefined, secret: string, state: StripeState, save: () => void, delays = redeliveryDelaysMs()): (type: string, object: object) => Promise<number> {
  const deliver = async (target: string, payload: string) => {
    try {
      const res = await fetch(target, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signPayload(payload, secret), 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' },
        body: payload,
        signal: AbortSignal.timeout(30_000),
      });
      await res.arrayBuffer();
      return res.status;
    } catch {
      return 0;
    }
  };
  return async (type, object) => {
    const event = {
      id: newId('evt'), object: 'event', api_version: '2026-10-28.endive', created: now(), type,
      data: { object: structuredClone(object) }, livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null },
    };
    state.events.push({ id: event.id, type, created: event.created });
    save();
    const target = url();
    if (!target) return 0;
    const payload = JSON.stringify(event);
    const first = await deliver(target, payload);
    const failed = (status: number) => status < 200 || status >= 300;
    if (failed(first)) {
      console.error(`[stripe] webhook ${type} answered ${first || 'nothing'}; Stripe will send it again`);
      const again = async (attempt: number): Promise<void> => {
        const status = await deliver(target, payload);
        if (!failed(status) || attempt + 1 >= delays.length) return;
        setTimeout(() => void again(attempt + 1), delays[attempt + 1]).unref();
      };
      if (delays.length) setTimeout(() => void again(0), delays[0]).unref();
    }
    return first;
  };
}
