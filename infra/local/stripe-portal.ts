import type { CheckoutContext } from './stripe-checkout';
import { readCard } from './stripe-checkout';
import { newId, now, type PaymentMethod, type PortalSession, type StripeForm, type StripeState, type Subscription } from './stripe-state';

// The local stand-in for Stripe's customer portal (POST /v1/billing_portal/sessions → its url): the
// learner cancels at the end of the period, resumes, or changes the card, and the stand-in sends the
// same signed events Stripe's portal sends (customer.subscription.updated with cancel_at_period_end,
// payment_method.attached, customer.updated).

/** The session Stripe answers (5-minute link in Stripe; here it lasts as long as the stand-in). */
export function createPortalSession(state: StripeState, base: string, customer: string, returnUrl: string, locale?: string): PortalSession {
  const id = newId('bps');
  const session: PortalSession = { id, object: 'billing_portal.session', customer, return_url: returnUrl, url: `${base}/portal/${id}`, created: now(), livemode: false, locale: locale ?? null };
  state.portalSessions[id] = session;
  return session;
}

const periodEnd = (sub: Subscription) => sub.items.data[0]?.current_period_end ?? now();
const live = (s: Subscription) => !['canceled', 'incomplete_expired'].includes(s.status);

/** The portal's actions, as Stripe applies them; answers a Spanish error for the page, or nothing. */
export async function portalAction(ctx: CheckoutContext, session: PortalSession, action: string, form: StripeForm): Promise<string | undefined> {
  const { state } = ctx;
  const sub = Object.values(state.subscriptions).find((s) => s.customer === session.customer && live(s));
  if (action === 'cancel' || action === 'resume') {
    if (!sub) return 'No tienes ninguna suscripción activa.';
    const cancel = action === 'cancel';
    Object.assign(sub, { cancel_at_period_end: cancel, cancel_at: cancel ? periodEnd(sub) : null, canceled_at: cancel ? now() : null });
    ctx.save();
    await ctx.send('customer.subscription.updated', sub);
    return undefined;
  }
  if (action === 'card') {
    const card = readCard({ number: form.number ?? '', expiry: form.expiry ?? '', cvc: form.cvc ?? '' });
    if ('error' in card) return card.error;
    const pm: PaymentMethod = {
      id: newId('pm'), object: 'payment_method', type: 'card', customer: session.customer, created: now(), livemode: false,
      card: { brand: card.brand, last4: card.last4, exp_month: card.month, exp_year: card.year, country: 'ES', funding: 'credit' },
      billing_details: { name: null, email: null, address: null },
    };
    state.paymentMethods[pm.id] = pm;
    const customer = state.customers[session.customer];
    customer.invoice_settings.default_payment_method = pm.id;
    if (sub) sub.default_payment_method = pm.id;
    ctx.save();
    await ctx.send('payment_method.attached', pm);
    await ctx.send('customer.updated', customer);
    if (sub) await ctx.send('customer.subscription.updated', sub);
    return undefined;
  }
  return 'Acción desconocida.';
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const day = (seconds: number) => new Date(seconds * 1000).toLocaleDateString('es-ES', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const money = (cents: number, currency: string) => new Intl.NumberFormat('es-ES', { style: 'currency', currency }).format(cents / 100);

/** "Gestionar suscripción · Mentora": Spanish, accessible, no script. */
export function portalPage(state: StripeState, session: PortalSession, error?: string): string {
  const subs = Object.values(state.subscriptions).filter((s) => s.customer === session.customer && live(s));
  const customer = state.customers[session.customer];
  const cards = Object.values(state.paymentMethods).filter((m) => m.customer === session.customer);
  const def = customer?.invoice_settings.default_payment_method;
  const action = (name: string, label: string, cls: string) =>
    `<form method="post" action="/portal/${esc(session.id)}/${name}"><button class="${cls}" type="submit">${label}</button></form>`;
  const subscription = subs.map((s) => {
    const price = s.items.data[0]?.price;
    const per = price?.recurring.interval === 'year' ? 'al año' : 'al mes';
    const status = s.cancel_at_period_end
      ? `<p class="warn">Se cancelará el ${esc(day(periodEnd(s)))}. Hasta entonces sigues con premium.</p>${action('resume', 'Reanudar suscripción', 'pay')}`
      : `<p>Se renueva el ${esc(day(periodEnd(s)))}.</p>${action('cancel', 'Cancelar al final del periodo', 'cancel')}`;
    return `<section aria-labelledby="sub-${esc(s.id)}"><h2 id="sub-${esc(s.id)}">${esc(price?.nickname ?? 'Mentora Premium')}</h2>
<p class="amount">${price ? `${esc(money(price.unit_amount, price.currency))} ${per}` : ''}</p>${status}</section>`;
  }).join('') || '<section><h2>Sin suscripción activa</h2><p>No tienes ninguna suscripción en curso.</p></section>';
  const cardList = cards.map((c) => `<li>${esc(c.card.brand.charAt(0).toUpperCase() + c.card.brand.slice(1))} ···· ${esc(c.card.last4)} · ${String(c.card.exp_month).padStart(2, '0')}/${c.card.exp_year}${c.id === def ? ' <strong>(predeterminada)</strong>' : ''}</li>`).join('');
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Gestionar suscripción · Mentora</title><style>
body{font-family:system-ui,sans-serif;background:#f1f5f9;color:#0f172a;margin:0;padding:24px 16px}
main{max-width:520px;margin:0 auto;background:#fff;border-radius:16px;padding:28px;box-shadow:0 1px 3px #0002}
h1{font-size:1.5rem;margin:0 0 8px} h2{font-size:1.15rem;margin:20px 0 4px} .note{background:#fef3c7;color:#78350f;border-radius:8px;padding:10px 12px;font-size:.9rem}
.amount{font-weight:700;margin:4px 0} .warn{color:#92400e} ul{padding-left:20px}
label{display:block;font-weight:600;font-size:.9rem;margin:12px 0 4px} input{width:100%;box-sizing:border-box;padding:10px;border:1px solid #94a3b8;border-radius:8px;font-size:1rem}
.row{display:flex;gap:12px;align-items:flex-end} .row>div{flex:1} button{width:100%;padding:12px;border-radius:8px;font-size:1rem;font-weight:600;cursor:pointer;margin-top:12px}
.pay{background:#4f46e5;color:#fff;border:0} .cancel{background:#fff;color:#991b1b;border:1px solid #fca5a5}
.error{background:#fee2e2;color:#991b1b;border-radius:8px;padding:10px 12px} a.back{display:block;text-align:center;margin-top:20px;color:#3730a3;font-weight:600}
</style></head><body><main>
<h1>Gestionar suscripción</h1>
<p class="note">Entorno local: portal de prueba, no se realiza ningún cargo real.</p>
${error ? `<p class="error" role="alert">${esc(error)}</p>` : ''}
${subscription}
<section aria-labelledby="cards"><h2 id="cards">Método de pago</h2>${cardList ? `<ul>${cardList}</ul>` : '<p>No hay tarjetas guardadas.</p>'}
<form method="post" action="/portal/${esc(session.id)}/card">
<label for="number">Número de la nueva tarjeta</label><input id="number" name="number" value="5555 5555 5555 4444" required inputmode="numeric" autocomplete="cc-number">
<div class="row"><div><label for="expiry">Caducidad (MM/AA)</label><input id="expiry" name="expiry" value="12/34" required autocomplete="cc-exp"></div>
<div><label for="cvc">CVC</label><input id="cvc" name="cvc" value="123" required inputmode="numeric" autocomplete="cc-csc"></div></div>
<button class="pay" type="submit">Cambiar tarjeta</button></form></section>
<a class="back" href="${esc(session.return_url)}">Volver a Mentora</a>
</main></body></html>`;
}
