import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { cancelSubscription, completeCheckout, failRenewal, newSubscription, readCard, type CheckoutContext } from './stripe-checkout';
import { checkoutPage, invoicePage } from './stripe-checkout-page';
import { mergeMetadata, parseStripeForm } from './stripe-form';
import { createPortalSession, portalAction, portalPage } from './stripe-portal';
import { createState, LOCAL_PRICES, newId, now, webhookSender, type Customer, type Invoice, type Refund, type Session, type StripeForm } from './stripe-state';

// A loopback stand-in for the Stripe API, answering exactly the calls lambdas/payments makes
// (docs/payments.md), plus the local checkout page "Pago de prueba" that sends correctly signed
// webhooks to the real webhook route. Its keys are local-only values, useless anywhere else.

export const LOCAL_STRIPE_SECRET_KEY = 'sk_test_local_mentora';
export const LOCAL_STRIPE_WEBHOOK_SECRET = 'whsec_local_mentora_webhook_secret';

export interface StripeStandInOptions {
  /** JSON file keeping the objects across restarts (`npm start`); omitted = in memory. */
  file?: string;
  /** Where events go: the gateway's `/api/payments/webhook`, known once the gateway listens. */
  webhookUrl: () => string | undefined;
}

type Reply = [number, unknown] | [number, string, string];
const missing = (kind: string, id: string): Reply => [404, { error: { type: 'invalid_request_error', code: 'resource_missing', param: 'id', message: `No such ${kind}: '${id}'` } }];
const invalid = (message: string, param?: string): Reply => [400, { error: { type: 'invalid_request_error', message, param } }];
/** Newest first, as Stripe lists; objects made in the same second keep their order of creation, reversed. */
const list = (url: string, data: { created: number }[], limit = 100) => ({
  object: 'list', url, has_more: data.length > limit,
  data: data.map((o, i) => ({ o, i })).sort((a, b) => b.o.created - a.o.created || b.i - a.i).map(({ o }) => o).slice(0, limit),
});
const limitOf = (query: URLSearchParams) => Number(query.get('limit') ?? 10) || 10;
/** `expand[]=x` or `expand[0]=x`, as clients send it. */
const expands = (query: URLSearchParams, field: string) => [...query].some(([k, v]) => /^expand\[\d*\]$/.test(k) && v === field);

export async function startStripeStandIn(opts: StripeStandInOptions) {
  const { state, save } = createState(opts.file);
  let base = '';
  const replies = new Map<string, Reply>();
  /** `METHOD /v1/path key` of every write, in order: tests check the keys Mentora sends. */
  const idempotencyKeys: string[] = [];
  const ctx: CheckoutContext = { state, save, send: webhookSender(opts.webhookUrl, LOCAL_STRIPE_WEBHOOK_SECRET, state, save), baseUrl: () => base };

  async function api(method: string, path: string, form: StripeForm, query: URLSearchParams): Promise<Reply> {
    const p = path.split('/').slice(2); // ['customers', id, ...]
    const [kind, id, action] = p;
    if (kind === 'customers') {
      if (method === 'POST' && !id) {
        const c: Customer = { id: newId('cus'), object: 'customer', created: now(), email: form.email ?? null, name: form.name ?? null, address: null, livemode: false,
          metadata: mergeMetadata({}, form.metadata), invoice_settings: { default_payment_method: null, custom_fields: null } };
        state.customers[c.id] = c;
        return [200, c];
      }
      const c = state.customers[id];
      if (!c) return missing('customer', id);
      if (method === 'GET') return [200, c];
      if (form.name !== undefined) c.name = form.name || null;
      if (form.email !== undefined) c.email = form.email || null;
      if (form.address) c.address = { line1: null, line2: null, city: null, postal_code: null, state: null, country: null, ...form.address };
      if (form.metadata) c.metadata = mergeMetadata(c.metadata, form.metadata);
      const settings = form.invoice_settings ?? {};
      if (settings.default_payment_method !== undefined) {
        const pm = state.paymentMethods[settings.default_payment_method];
        if (!pm || pm.customer !== c.id) return invalid(`No such PaymentMethod: '${settings.default_payment_method}'`, 'invoice_settings[default_payment_method]');
        c.invoice_settings.default_payment_method = pm.id;
      }
      if (settings.custom_fields) c.invoice_settings.custom_fields = settings.custom_fields;
      return [200, c];
    }
    if (kind === 'checkout' && id === 'sessions' && method === 'POST' && !action) {
      const { customer = '', mode = '', success_url: successUrl, cancel_url: cancelUrl } = form;
      if (!state.customers[customer]) return invalid(`No such customer: '${customer}'`, 'customer');
      if (!['subscription', 'setup'].includes(mode)) return invalid('Invalid mode', 'mode');
      if (mode === 'subscription' && !state.prices[form.line_items?.[0]?.price ?? '']) return invalid('No such price', 'line_items[0][price]');
      if (!successUrl || !cancelUrl) return invalid('Missing success_url or cancel_url');
      const sid = newId('cs_test');
      const session: Session = { ...form, id: sid, object: 'checkout.session', created: now(), customer, status: 'open', payment_status: 'unpaid', subscription: null, setup_intent: null,
        metadata: mergeMetadata({}, form.metadata), success_url: successUrl, cancel_url: cancelUrl, url: `${base}/checkout/${sid}`, livemode: false };
      state.sessions[sid] = session;
      return [200, session];
    }
    if (kind === 'checkout' && id === 'sessions' && method === 'POST' && p[3] === 'expire') {
      const session = state.sessions[action];
      if (!session) return missing('checkout.session', action);
      if (session.status !== 'open') return invalid(`Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`);
      Object.assign(session, { status: 'expired', url: null });
      return [200, session];
    }
    if (kind === 'checkout' && id === 'sessions' && method === 'GET' && action) return state.sessions[action] ? [200, state.sessions[action]] : missing('checkout.session', action);
    if (kind === 'checkout' && id === 'sessions' && method === 'GET' && !action) {
      const status = query.get('status');
      return [200, list('/v1/checkout/sessions', Object.values(state.sessions).filter((x) => x.customer === query.get('customer') && (!status || x.status === status)), limitOf(query))];
    }
    if (kind === 'billing_portal' && id === 'sessions' && method === 'POST') {
      if (!state.customers[form.customer ?? '']) return invalid(`No such customer: '${form.customer}'`, 'customer');
      return [200, createPortalSession(state, base, form.customer!, form.return_url ?? base, form.locale)];
    }
    const one = (store: Record<string, object>, name: string): Reply => (store[id] ? [200, store[id]] : missing(name, id));
    if (kind === 'subscriptions' && method === 'GET' && !id) {
      // Stripe lists all but canceled ones by default; `status=all` includes them.
      const status = query.get('status');
      const subs = Object.values(state.subscriptions).filter((x) => x.customer === query.get('customer') && (status === 'all' || (status ? x.status === status : x.status !== 'canceled')));
      return [200, list('/v1/subscriptions', subs, limitOf(query))];
    }
    if (kind === 'subscriptions' && method === 'DELETE') {
      const sub = state.subscriptions[id];
      if (!sub) return missing('subscription', id);
      if (sub.status === 'canceled') return invalid(`A canceled subscription can only update its cancellation_details and metadata.`);
      await cancelSubscription(ctx, sub);
      return [200, sub];
    }
    if (kind === 'subscriptions' && method === 'GET') return one(state.subscriptions, 'subscription');
    if (kind === 'setup_intents' && method === 'GET') return one(state.setupIntents, 'setupintent');
    if (kind === 'prices' && method === 'GET') return one(state.prices, 'price');
    if (kind === 'invoices' && method === 'GET' && id) {
      const invoice = state.invoices[id];
      if (!invoice) return missing('invoice', id);
      // As Stripe: the invoice's payments are listed only when asked for (`expand[]=payments`).
      return [200, expands(query, 'payments') ? { ...invoice, payments: invoicePayments(invoice) } : invoice];
    }
    if (kind === 'refunds' && method === 'POST' && !id) return refund(form);
    if (kind === 'refunds' && method === 'GET' && !id) {
      const pi = query.get('payment_intent');
      return [200, list('/v1/refunds', Object.values(state.refunds).filter((r) => !pi || r.payment_intent === pi), limitOf(query))];
    }
    if (kind === 'invoices' && method === 'GET' && !id) {
      return [200, list('/v1/invoices', Object.values(state.invoices).filter((i) => i.customer === query.get('customer')))];
    }
    if (kind === 'payment_methods' && method === 'GET' && !id) {
      const type = query.get('type') ?? 'card';
      return [200, list('/v1/payment_methods', Object.values(state.paymentMethods).filter((m) => m.customer === query.get('customer') && m.type === type))];
    }
    if (kind === 'payment_methods' && method === 'POST' && action === 'detach') {
      const pm = state.paymentMethods[id];
      if (!pm || !pm.customer) return missing('payment_method', id);
      const owner = state.customers[pm.customer];
      if (owner?.invoice_settings.default_payment_method === pm.id) owner.invoice_settings.default_payment_method = null;
      pm.customer = null;
      return [200, pm];
    }
    return [404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}). The local Stripe stand-in serves only the calls Mentora makes.` } }];
  }

  function invoicePayments(invoice: Invoice) {
    const pi = state.paymentIntents[state.invoicePayments[invoice.id] ?? ''];
    const data = pi
      ? [{ id: `inpay_${pi.id.slice(3)}`, object: 'invoice_payment', amount_paid: pi.amount, amount_requested: pi.amount, currency: pi.currency, created: pi.created, invoice: invoice.id,
          is_default: true, livemode: false, payment: { type: 'payment_intent', payment_intent: pi.id }, status: 'paid', status_transitions: { canceled_at: null, paid_at: pi.created } }]
      : [];
    return { object: 'list', url: `/v1/invoices/${invoice.id}/payments`, has_more: false, data };
  }

  function refund(form: StripeForm): Reply {
    const pi = form.payment_intent
      ? state.paymentIntents[form.payment_intent]
      : Object.values(state.paymentIntents).find((x) => x.latest_charge === form.charge);
    if (!pi) return form.payment_intent ? missing('payment_intent', form.payment_intent) : missing('charge', form.charge ?? '');
    const refunded = Object.values(state.refunds).filter((r) => r.payment_intent === pi.id).reduce((sum, r) => sum + r.amount, 0);
    const amount = form.amount === undefined ? pi.amount - refunded : Number(form.amount);
    if (refunded >= pi.amount) return [400, { error: { type: 'invalid_request_error', code: 'charge_already_refunded', message: `Charge ${pi.latest_charge} has already been refunded.` } }];
    if (!(amount > 0) || amount > pi.amount - refunded) return invalid(`Refund amount (${amount}) is greater than unrefunded amount on charge (${pi.amount - refunded})`, 'amount');
    const r: Refund = { id: newId('re'), object: 'refund', amount, currency: pi.currency, charge: pi.latest_charge, payment_intent: pi.id, status: 'succeeded',
      reason: form.reason ?? null, metadata: mergeMetadata({}, form.metadata), created: now() };
    state.refunds[r.id] = r;
    return [200, r];
  }

  async function pages(method: string, path: string, form: StripeForm, query: URLSearchParams): Promise<Reply> {
    const [, area, id, action] = path.split('/');
    if (area === 'checkout') {
      const session = state.sessions[id];
      if (!session) return [404, 'text/plain; charset=utf-8', 'Sesión de pago no encontrada'];
      const price = state.prices[session.line_items?.[0]?.price ?? ''];
      if (session.status !== 'open') return [303, 'location', session.status === 'complete' ? String(session.success_url).replace('{CHECKOUT_SESSION_ID}', session.id) : session.cancel_url];
      if (method === 'GET') return [200, 'text/html; charset=utf-8', checkoutPage(session, price)];
      if (action === 'cancel') {
        session.status = 'expired';
        save();
        return [303, 'location', session.cancel_url];
      }
      const card = readCard({ number: String(form.number ?? ''), expiry: String(form.expiry ?? ''), cvc: String(form.cvc ?? '') });
      if ('error' in card) return [402, 'text/html; charset=utf-8', checkoutPage(session, price, card.error)];
      return [303, 'location', await completeCheckout(ctx, session, card)];
    }
    if (area === 'portal') {
      const session = state.portalSessions[id];
      if (!session) return [404, 'text/plain; charset=utf-8', 'Sesión del portal no encontrada'];
      if (method === 'GET') return [200, 'text/html; charset=utf-8', portalPage(state, session)];
      const error = await portalAction(ctx, session, action, form);
      return error ? [400, 'text/html; charset=utf-8', portalPage(state, session, error)] : [303, 'location', `/portal/${session.id}`];
    }
    if (area === 'invoices' && state.invoices[id]) return [200, 'text/html; charset=utf-8', invoicePage(state.invoices[id])];
    if (area === '__local' && id === 'customers' && method === 'GET') {
      return [200, Object.values(state.customers).filter((c) => c.email === query.get('email'))];
    }
    if (area === '__local' && id === 'idempotency-keys' && method === 'GET') return [200, idempotencyKeys];
    if (area === '__local' && id === 'subscriptions') {
      // GET /__local/subscriptions?email=…  POST /__local/subscriptions/<id>/cancel | /fail-payment
      // (what Stripe does later on its own, for tests and for trying the flow by hand)
      const [, , , subId, op] = path.split('/');
      if (method === 'GET') {
        const customers = new Set(Object.values(state.customers).filter((c) => c.email === query.get('email')).map((c) => c.id));
        return [200, Object.values(state.subscriptions).filter((s) => customers.has(s.customer))];
      }
      if (method === 'PUT') {
        // PUT /__local/subscriptions/<id>  customer=… status=…: Stripe's record of a subscription made
        // outside Checkout, without events, for tests that send their own signed events about it.
        if (!state.customers[form.customer ?? '']) return missing('customer', String(form.customer));
        const sub = state.subscriptions[subId] ?? newSubscription(state, form.customer!, LOCAL_PRICES.monthly.id, null, {}, subId);
        Object.assign(sub, { status: form.status ?? sub.status, cancel_at_period_end: form.cancel_at_period_end === 'true' });
        save();
        return [200, sub];
      }
      const sub = state.subscriptions[subId];
      if (!sub) return missing('subscription', subId);
      if (op === 'cancel') await cancelSubscription(ctx, sub);
      else if (op === 'fail-payment') await failRenewal(ctx, sub);
      else return [404, { error: 'unknown control' }];
      return [200, sub];
    }
    return [404, 'text/plain; charset=utf-8', 'No encontrado'];
  }

  const serve = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    try {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const form = parseStripeForm(Buffer.concat(chunks).toString('utf8')) as StripeForm;
      const method = req.method ?? 'GET';
      let reply: Reply;
      if (url.pathname.startsWith('/v1/')) {
        const key = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
        // As Stripe: a write repeated with the same Idempotency-Key gets the first answer back, unrun.
        const idem = method === 'GET' ? undefined : req.headers['idempotency-key'] as string | undefined;
        const seen = idem ? replies.get(idem) : undefined;
        if (idem) idempotencyKeys.push(`${method} ${url.pathname} ${idem}`);
        if (key !== LOCAL_STRIPE_SECRET_KEY) reply = [401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } }];
        else if (seen) reply = seen;
        else {
          reply = await api(method, url.pathname, form, url.searchParams);
          if (idem && reply[0] < 500) replies.set(idem, structuredClone(reply));
        }
        if (method !== 'GET' && reply[0] < 300) save();
      } else reply = await pages(method, url.pathname, form, url.searchParams);
      if (reply.length === 3 && reply[1] === 'location') res.writeHead(reply[0], { location: reply[2] }).end();
      else if (reply.length === 3) res.writeHead(reply[0], { 'content-type': reply[1] }).end(reply[2]);
      else res.writeHead(reply[0], { 'content-type': 'application/json', 'request-id': newId('req') }).end(JSON.stringify(reply[1]));
    } catch (error) {
      console.error('[stripe]', error);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
    }
  };
  const server = http.createServer((req, res) => void serve(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
  return {
    url: base,
    /** What the payments Lambda gets on the local stack (the secret itself goes to the Secrets Manager stand-in). */
    env: {
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: String(port),
      STRIPE_API_PROTOCOL: 'http',
      STRIPE_PRICE_MONTHLY: LOCAL_PRICES.monthly.id,
      STRIPE_PRICE_YEARLY: LOCAL_PRICES.yearly.id,
    },
    secret: JSON.stringify({ secretKey: LOCAL_STRIPE_SECRET_KEY, webhookSecret: LOCAL_STRIPE_WEBHOOK_SECRET }),
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
