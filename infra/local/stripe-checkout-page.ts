import type { Invoice, Price, Session } from './stripe-state';

// The local stand-in for Stripe Checkout's hosted page: "Pago de prueba". Spanish, accessible,
// no script; it says plainly that no real money moves.

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const money = (cents: number, currency: string) => new Intl.NumberFormat('es-ES', { style: 'currency', currency }).format(cents / 100);

export function checkoutPage(session: Session, price: Price | undefined, error?: string): string {
  const subscription = session.mode === 'subscription' && price;
  const amount = subscription ? money(price.unit_amount, price.currency) : '';
  const per = subscription ? (price.recurring.interval === 'year' ? 'al año' : 'al mes') : '';
  const title = subscription ? `${price.nickname}` : 'Guardar una tarjeta';
  const field = (name: string, label: string, value: string, extra = '') =>
    `<label for="${name}">${label}</label><input id="${name}" name="${name}" value="${value}" required ${extra}>`;
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pago de prueba · Mentora</title><style>
body{font-family:system-ui,sans-serif;background:#f1f5f9;color:#0f172a;margin:0;padding:24px 16px}
main{max-width:440px;margin:0 auto;background:#fff;border-radius:16px;padding:28px;box-shadow:0 1px 3px #0002}
h1{font-size:1.5rem;margin:0 0 4px} .note{background:#fef3c7;color:#78350f;border-radius:8px;padding:10px 12px;font-size:.9rem}
.amount{font-size:2rem;font-weight:700;margin:16px 0 0} .per{color:#475569;margin:0 0 16px}
label{display:block;font-weight:600;font-size:.9rem;margin:14px 0 4px} input{width:100%;box-sizing:border-box;padding:10px;border:1px solid #94a3b8;border-radius:8px;font-size:1rem}
.row{display:flex;gap:12px} .row>div{flex:1} button{width:100%;padding:12px;border-radius:8px;font-size:1rem;font-weight:600;cursor:pointer;margin-top:16px}
.pay{background:#4f46e5;color:#fff;border:0} .cancel{background:#fff;color:#334155;border:1px solid #cbd5e1}
.error{background:#fee2e2;color:#991b1b;border-radius:8px;padding:10px 12px;margin-top:12px} small{color:#475569}
</style></head><body><main>
<h1>Pago de prueba</h1>
<p class="note">Entorno local: no se realiza ningún cargo real. Usa 4242 4242 4242 4242; la tarjeta 4000 0000 0000 0002 se rechaza.</p>
<p class="amount">${subscription ? esc(amount) : esc(title)}</p>
<p class="per">${subscription ? `${esc(title)} · ${per}` : 'Sin cargo: la tarjeta quedará guardada para tus próximos pagos.'}</p>
${error ? `<p class="error" role="alert">${esc(error)}</p>` : ''}
<form method="post" action="/checkout/${esc(session.id)}/complete">
${field('number', 'Número de tarjeta', '4242 4242 4242 4242', 'inputmode="numeric" autocomplete="cc-number"')}
<div class="row"><div>${field('expiry', 'Caducidad (MM/AA)', '12/34', 'autocomplete="cc-exp"')}</div><div>${field('cvc', 'CVC', '123', 'inputmode="numeric" autocomplete="cc-csc"')}</div></div>
<button class="pay" type="submit">${subscription ? `Pagar ${esc(amount)}` : 'Guardar tarjeta'}</button>
</form>
<form method="post" action="/checkout/${esc(session.id)}/cancel"><button class="cancel" type="submit">Cancelar y volver a Mentora</button></form>
<p><small>Sesión ${esc(session.id)}</small></p>
</main></body></html>`;
}

export function invoicePage(invoice: Invoice): string {
  const paid = invoice.status === 'paid';
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Factura ${esc(invoice.id)}</title></head>
<body style="font-family:system-ui,sans-serif;max-width:560px;margin:32px auto;padding:0 16px"><h1>Factura de prueba</h1>
<p>${esc(invoice.lines.data[0]?.description ?? 'Mentora Premium')}</p><p><strong>${esc(money(paid ? invoice.amount_paid : invoice.amount_due, invoice.currency))}</strong> · ${paid ? 'Pagada' : 'Pendiente'}</p>
<p>Fecha: ${esc(new Date(invoice.created * 1000).toLocaleDateString('es-ES'))}</p><p><small>Entorno local: documento sin validez fiscal.</small></p></body></html>`;
}
