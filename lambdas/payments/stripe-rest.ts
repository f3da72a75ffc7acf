import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type Stripe from 'stripe';

// The Stripe calls docs/payments.md lists, over Stripe's REST API with `fetch`. The `stripe` SDK
// bundles every resource of the API (240 KB minified, 60% of the payments Lambda and most of its
// cold start) for the ten calls we make. Only types come from the SDK, so shapes stay checked;
// the API version is pinned to the SDK's (test/unit/payments/stripe-rest.test.ts proves it), so
// the objects Stripe sends are the ones those types describe. The local Stripe stand-in
// (infra/local/stripe.ts) serves the same requests.

/** The `stripe` package's own pinned version (stripe 23.1.0). */
export const STRIPE_API_VERSION = '2026-10-28.endive';

type Params = Record<string, unknown>;
type Call<P, R> = (params: P) => Promise<R>;
/** As the SDK's RequestOptions: the Idempotency-Key a create sends, so a retry returns the first result. */
export interface RequestOptions { idempotencyKey?: string }
type Create<P, R> = (params: P, options?: RequestOptions) => Promise<R>;

/** The subset of the `Stripe` client that lambdas/payments/stripe-gateway.ts uses, same signatures. */
export interface StripeApi {
  customers: {
    create: Create<Stripe.CustomerCreateParams, Stripe.Customer>;
    retrieve: (id: string) => Promise<Stripe.Customer | Stripe.DeletedCustomer>;
    update: (id: string, params: Stripe.CustomerUpdateParams) => Promise<Stripe.Customer>;
  };
  checkout: {
    sessions: {
      create: Create<Stripe.Checkout.SessionCreateParams, Stripe.Checkout.Session>;
      list: Call<Stripe.Checkout.SessionListParams, Stripe.ApiList<Stripe.Checkout.Session>>;
      /** A session still open can no longer be paid (a second Checkout, account closure). */
      expire: (id: string, params?: Stripe.Checkout.SessionExpireParams, options?: RequestOptions) => Promise<Stripe.Checkout.Session>;
    };
  };
  subscriptions: {
    retrieve: (id: string) => Promise<Stripe.Subscription>;
    list: Call<Stripe.SubscriptionListParams, Stripe.ApiList<Stripe.Subscription>>;
    /** DELETE: ends the subscription now (account closure); Stripe sends customer.subscription.deleted. */
    cancel: (id: string, params?: Stripe.SubscriptionCancelParams, options?: RequestOptions) => Promise<Stripe.Subscription>;
  };
  billingPortal: { sessions: { create: Create<Stripe.BillingPortal.SessionCreateParams, Stripe.BillingPortal.Session> } };
  setupIntents: { retrieve: (id: string) => Promise<Stripe.SetupIntent> };
  invoices: {
    list: Call<Stripe.InvoiceListParams, Stripe.ApiList<Stripe.Invoice>>;
    /** With `expand: ['payments']`: the invoice's payments (payment intent or charge), for a refund. */
    retrieve: (id: string, params?: Stripe.InvoiceRetrieveParams) => Promise<Stripe.Invoice>;
  };
  refunds: { create: Create<Stripe.RefundCreateParams, Stripe.Refund> };
  paymentMethods: {
    list: Call<Stripe.PaymentMethodListParams, Stripe.ApiList<Stripe.PaymentMethod>>;
    detach: (id: string) => Promise<Stripe.PaymentMethod>;
  };
  prices: { retrieve: (id: string) => Promise<Stripe.Price> };
  webhooks: { constructEvent: (raw: Buffer | string, header: string, secret: string, tolerance?: number, _crypto?: unknown, receivedAt?: number) => Stripe.Event };
}

export interface StripeRestOptions {
  /** Unset on AWS: api.stripe.com over HTTPS. The local stack points it at its stand-in. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
  maxNetworkRetries?: number;
  /** ms for a whole call, its retries and their pauses included (not per attempt, as the SDK's is). */
  timeout?: number;
}

/** Stripe's bracketed form encoding: `metadata[userId]=…`, `line_items[0][price]=…`. */
export function stripeForm(params: Params, prefix = ''): string[] {
  return Object.entries(params).flatMap(([key, value]) => {
    const name = prefix ? `${prefix}[${key}]` : key;
    if (value === undefined) return [];
    if (value !== null && typeof value === 'object') {
      return stripeForm(Array.isArray(value) ? Object.fromEntries(value.map((v, i) => [String(i), v])) : (value as Params), name);
    }
    const text = typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : ''; // null clears
    return [`${encodeURIComponent(name)}=${encodeURIComponent(text)}`];
  });
}

/** An error shaped like the SDK's (`code`, `type`, `statusCode`), so callers read it the same way. */
export class StripeRestError extends Error {
  constructor(
    message: string,
    readonly statusCode: number,
    readonly type?: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'StripeError';
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function stripeRest(secretKey: string, opts: StripeRestOptions = {}): StripeApi {
  const protocol = opts.protocol ?? 'https';
  const base = `${protocol}://${opts.host ?? 'api.stripe.com'}${opts.port ? `:${opts.port}` : ''}/v1`;
  const retries = opts.maxNetworkRetries ?? 2;

  async function request<T>(method: 'GET' | 'POST' | 'DELETE', path: string, params: Params = {}, options: RequestOptions = {}): Promise<T> {
    const form = stripeForm(params).join('&');
    const url = method !== 'POST' && form ? `${base}${path}?${form}` : `${base}${path}`;
    const headers: Record<string, string> = { authorization: `Bearer ${secretKey}`, 'stripe-version': STRIPE_API_VERSION };
    // As the SDK does: a write keeps one idempotency key across its retries, so a retry never creates
    // or charges twice. Creates pass their own key, derived from what they are for (stripe-gateway.ts),
    // so even a retried Lambda invocation gets the first result back.
    if (method === 'POST') headers['content-type'] = 'application/x-www-form-urlencoded';
    if (method !== 'GET') headers['idempotency-key'] = options.idempotencyKey ?? randomUUID();
    const deadline = Date.now() + (opts.timeout ?? 80_000);
    // A retry is made only if its pause leaves time for it: the call as a whole never outlasts the budget.
    const canRetry = (attempt: number, pause: number) => attempt < retries && Date.now() + pause < deadline - 100;
    for (let attempt = 0; ; attempt++) {
      let response: Response;
      const pause = backoff(attempt);
      try {
        response = await fetch(url, { method, headers, body: method === 'POST' ? form : undefined, signal: AbortSignal.timeout(Math.max(1, deadline - Date.now())) });
      } catch (error) {
        if (canRetry(attempt, pause)) { await sleep(pause); continue; }
        throw new StripeRestError(`Stripe no respondió: ${(error as Error).message}`, 0, 'StripeConnectionError');
      }
      const body = (await response.json().catch(() => ({}))) as { error?: { message?: string; type?: string; code?: string } };
      if (response.ok) return body as T;
      const retryable = response.headers.get('stripe-should-retry') !== 'false' && (response.status === 409 || response.status === 429 || response.status >= 500);
      if (retryable && canRetry(attempt, pause)) { await sleep(pause); continue; }
      throw new StripeRestError(body.error?.message ?? `Stripe ${response.status}`, response.status, body.error?.type, body.error?.code);
    }
  }
  const id = (value: string) => `/${encodeURIComponent(value)}`;

  return {
    customers: {
      create: (p, o) => request('POST', '/customers', p as Params, o),
      retrieve: (c) => request('GET', `/customers${id(c)}`),
      update: (c, p) => request('POST', `/customers${id(c)}`, p as Params),
    },
    checkout: {
      sessions: {
        create: (p, o) => request('POST', '/checkout/sessions', p as Params, o),
        list: (p) => request('GET', '/checkout/sessions', p as Params),
        expire: (c, p, o) => request('POST', `/checkout/sessions${id(c)}/expire`, (p ?? {}) as Params, o),
      },
    },
    subscriptions: {
      retrieve: (s) => request('GET', `/subscriptions${id(s)}`),
      list: (p) => request('GET', '/subscriptions', p as Params),
      cancel: (s, p, o) => request('DELETE', `/subscriptions${id(s)}`, (p ?? {}) as Params, o),
    },
    billingPortal: { sessions: { create: (p, o) => request('POST', '/billing_portal/sessions', p as Params, o) } },
    setupIntents: { retrieve: (s) => request('GET', `/setup_intents${id(s)}`) },
    invoices: {
      list: (p) => request('GET', '/invoices', p as Params),
      retrieve: (i, p) => request('GET', `/invoices${id(i)}`, (p ?? {}) as Params),
    },
    refunds: { create: (p, o) => request('POST', '/refunds', p as Params, o) },
    paymentMethods: {
      list: (p) => request('GET', '/payment_methods', p as Params),
      detach: (m) => request('POST', `/payment_methods${id(m)}/detach`),
    },
    prices: { retrieve: (p) => request('GET', `/prices${id(p)}`) },
    webhooks: { constructEvent: verifyStripeEvent },
  };
}

/** Stripe's retry pacing: 0.5 s doubling, with jitter, capped at 5 s. */
const backoff = (attempt: number) => Math.min(5000, 500 * 2 ** attempt) * (0.5 + Math.random() / 2);

/**
 * Stripe-Signature: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">` (several v1 while a secret
 * rolls). Same rules as the SDK's constructEvent: a valid v1 is required and an event older than
 * `tolerance` seconds is refused (0 skips the age check).
 */
export function verifyStripeEvent(raw: Buffer | string, header: string, secret: string, tolerance = 300, _crypto?: unknown, receivedAt?: number): Stripe.Event {
  const payload = Buffer.isBuffer(raw) ? raw.toString('utf8') : raw;
  const parts = header.split(',').map((p) => p.split('='));
  const timestamp = Number(parts.find(([k]) => k === 't')?.[1]);
  const signatures = parts.filter(([k]) => k === 'v1').map(([, v]) => Buffer.from(v ?? '', 'hex'));
  if (!Number.isFinite(timestamp) || signatures.length === 0) throw new StripeRestError('Unable to extract timestamp and signatures from header', 400);
  const expected = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest();
  if (!signatures.some((s) => s.length === expected.length && timingSafeEqual(s, expected))) {
    throw new StripeRestError('No signatures found matching the expected signature for payload', 400);
  }
  const age = Math.floor((receivedAt ?? Date.now()) / 1000) - timestamp;
  if (tolerance > 0 && age > tolerance) throw new StripeRestError('Timestamp outside the tolerance zone', 400);
  return JSON.parse(payload) as Stripe.Event;
}
