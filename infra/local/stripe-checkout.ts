import { newId, now, type Invoice, type PaymentMethod, type Session, type SetupIntent, type StripeState, type Subscription } from './stripe-state';

// What happens when someone pays (or saves a card) on the local "Pago de prueba" page: the same
// objects and events Stripe Checkout produces, delivered signed to the real webhook route.

export interface CheckoutContext {
  state: StripeState;
  save: () => void;
  send: (type: string, object: object) => Promise<number>;
  baseUrl: () => string;
}

export interface TestCard { number: string; expiry: string; cvc: string }

const brandOf = (n: string) => (n.startsWith('4') ? 'visa' : /^5[1-5]/.test(n) ? 'mastercard' : /^3[47]/.test(n) ? 'amex' : 'unknown');

/** Stripe's test cards: 4000 0000 0000 0002 is always declined. Answers a Spanish error or the card. */
export function readCard(card: TestCard): { error: string } | { brand: string; last4: string; month: number; year: number } {
  const number = card.number.replace(/\D/g, '');
  const exp = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(card.expiry.trim());
  if (number.length < 13 || number.length > 19) return { error: 'El número de tarjeta no es válido.' };
  if (!exp || Number(exp[1]) < 1 || Number(exp[1]) > 12) return { error: 'La fecha de caducidad no es válida (MM/AA).' };
  if (!/^\d{3,4}$/.test(card.cvc.trim())) return { error: 'El código de seguridad no es válido.' };
  if (number === '4000000000000002') return { error: 'Tu tarjeta ha sido rechazada. Prueba con otra.' };
  const year = exp[2].length === 2 ? 2000 + Number(exp[2]) : Number(exp[2]);
  return { brand: brandOf(number), last4: number.slice(-4), month: Number(exp[1]), year };
}

const addPeriod = (from: number, interval: string) => {
  const d = new Date(from * 1000);
  if (interval === 'year') d.setUTCFullYear(d.getUTCFullYear() + 1);
  else d.setUTCMonth(d.getUTCMonth() + 1);
  return Math.floor(d.getTime() / 1000);
};

/** An active subscription to a price, its first period starting now. */
export function newSubscription(state: StripeState, customer: string, priceId: string, paymentMethod: string | null, metadata: Record<string, string> = {}, id = newId('sub')): Subscription {
  const price = state.prices[priceId];
  const t = now();
  const sub: Subscription = {
    id, object: 'subscription', customer, status: 'active', created: t, start_date: t,
    cancel_at_period_end: false, cancel_at: null, canceled_at: null, ended_at: null, default_payment_method: paymentMethod,
    metadata, livemode: false, latest_invoice: null,
    items: { object: 'list', data: [{ id: newId('si'), object: 'subscription_item', price, quantity: 1, current_period_start: t, current_period_end: addPeriod(t, price.recurring.interval) }] },
  };
  state.subscriptions[sub.id] = sub;
  return sub;
}

export function createInvoice(ctx: CheckoutContext, sub: Subscription, status: 'paid' | 'open') {
  const price = sub.items.data[0].price;
  const id = newId('in');
  const t = now();
  const invoice: Invoice = {
    id, object: 'invoice', customer: sub.customer, status, currency: price.currency, created: t, livemode: false,
    amount_due: price.unit_amount, amount_paid: status === 'paid' ? price.unit_amount : 0, total: price.unit_amount,
    status_transitions: { paid_at: status === 'paid' ? t : null, finalized_at: t },
    hosted_invoice_url: `${ctx.baseUrl()}/invoices/${id}`, invoice_pdf: null, description: null,
    lines: { object: 'list', data: [{ id: newId('il'), object: 'line_item', amount: price.unit_amount, description: `1 × ${price.nickname}` }] },
    parent: { type: 'subscription_details', subscription_details: { subscription: sub.id, metadata: sub.metadata } },
  };
  if (status === 'paid') {
    const pi = { id: newId('pi'), object: 'payment_intent' as const, amount: price.unit_amount, amount_received: price.unit_amount, currency: price.currency, customer: sub.customer,
      status: 'succeeded' as const, latest_charge: newId('ch'), created: t, livemode: false as const, metadata: {} };
    ctx.state.paymentIntents[pi.id] = pi;
    ctx.state.invoicePayments[id] = pi.id;
  }
  ctx.state.invoices[id] = invoice;
  sub.latest_invoice = id;
  return invoice;
}

/** Pays (subscription) or saves the card (setup) and sends the signed events; answers where to go. */
export async function completeCheckout(ctx: CheckoutContext, session: Session, card: { brand: string; last4: string; month: number; year: number }) {
  const { state } = ctx;
  const pm: PaymentMethod = {
    id: newId('pm'), object: 'payment_method', type: 'card', customer: session.customer, created: now(), livemode: false,
    card: { brand: card.brand, last4: card.last4, exp_month: card.month, exp_year: card.year, country: 'ES', funding: 'credit' },
    billing_details: { name: null, email: null, address: null },
  };
  state.paymentMethods[pm.id] = pm;
  const events: [string, object][] = [];
  if (session.mode === 'subscription') {
    const sub = newSubscription(state, session.customer, session.line_items?.[0]?.price ?? '', pm.id, session.subscription_data?.metadata);
    const invoice = createInvoice(ctx, sub, 'paid');
    Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: sub.id, invoice: invoice.id });
    events.push(['customer.subscription.created', sub], ['invoice.paid', invoice], ['checkout.session.completed', session]);
  } else {
    const intent: SetupIntent = { id: newId('seti'), object: 'setup_intent', customer: session.customer, payment_method: pm.id, status: 'succeeded', usage: 'off_session', created: now() };
    state.setupIntents[intent.id] = intent;
    Object.assign(session, { status: 'complete', payment_status: 'no_payment_required', setup_intent: intent.id });
    events.push(['checkout.session.completed', session]);
  }
  ctx.save();
  for (const [type, object] of events) await ctx.send(type, object);
  return String(session.success_url).replace('{CHECKOUT_SESSION_ID}', session.id);
}

/** Local controls for what Stripe does later on its own: end a subscription, fail a renewal. */
export async function cancelSubscription(ctx: CheckoutContext, sub: Subscription) {
  Object.assign(sub, { status: 'canceled', canceled_at: now(), ended_at: now() });
  ctx.save();
  await ctx.send('customer.subscription.deleted', sub);
}

export async function failRenewal(ctx: CheckoutContext, sub: Subscription) {
  const invoice = createInvoice(ctx, sub, 'open');
  sub.status = 'past_due';
  ctx.save();
  await ctx.send('invoice.payment_failed', invoice);
  await ctx.send('customer.subscription.updated', sub);
}
