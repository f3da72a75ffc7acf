import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { clock } from '../../lambdas/shared/clock';

// The Stripe stand-in's objects (customers, prices, sessions, subscriptions, invoices, payment
// methods, setup intents) and its signed event delivery. Kept on disk for `npm start`.

export type Obj = Record<string, any>;
export interface StripeState {
  customers: Record<string, Obj>;
  prices: Record<string, Obj>;
  sessions: Record<string, Obj>;
  subscriptions: Record<string, Obj>;
  invoices: Record<string, Obj>;
  paymentMethods: Record<string, Obj>;
  setupIntents: Record<string, Obj>;
  events: Obj[];
}

export const LOCAL_PRICES = {
  monthly: { id: 'price_local_premium_mensual', unit_amount: 999, interval: 'month', label: 'mensual' },
  yearly: { id: 'price_local_premium_anual', unit_amount: 9900, interval: 'year', label: 'anual' },
} as const;

/** Unix seconds by the clock the handlers read, so events are created and signed at the stack's "now". */
export const now = () => Math.floor(clock.now().getTime() / 1000);
export const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;

/** `Stripe-Signature` exactly as Stripe builds it: t=<unix seconds>,v1=HMAC-SHA256(secret, "t.payload"). */
export function signPayload(payload: string, secret: string, timestamp = now()) {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

export function createState(file?: string) {
  const empty = (): StripeState => ({ customers: {}, prices: {}, sessions: {}, subscriptions: {}, invoices: {}, paymentMethods: {}, setupIntents: {}, events: [] });
  const state: StripeState = file && existsSync(file) ? { ...empty(), ...JSON.parse(readFileSync(file, 'utf8')) } : empty();
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

export type Deliver = (event: Obj) => Promise<number>;

/** Posts one event to the webhook URL, signed with the webhook secret; answers the HTTP status. */
export function webhookSender(url: () => string | undefined, secret: string, state: StripeState, save: () => void): (type: string, object: Obj) => Promise<number> {
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
    const res = await fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signPayload(payload, secret), 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' },
      body: payload,
    });
    await res.arrayBuffer();
    if (res.status >= 300) console.error(`[stripe] webhook ${type} answered ${res.status}`);
    return res.status;
  };
}
