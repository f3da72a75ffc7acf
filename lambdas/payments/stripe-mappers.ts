import type Stripe from 'stripe';
import { INVOICE_STATES, type BillingDetails, type BillingPeriod, type Invoice, type PaymentMethod } from '../contract';
import type { SubscriptionState } from './ports';

// Stripe objects → what Mentora keeps and shows. Pure functions: unit-tested without Stripe.

const iso = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000).toISOString() : null);
const idOf = (ref: string | { id: string } | null | undefined) => (typeof ref === 'string' ? ref : (ref?.id ?? null));

export function toSubscriptionState(sub: Stripe.Subscription): SubscriptionState {
  const item = sub.items?.data?.[0];
  const interval = item?.price?.recurring?.interval;
  const periodo: BillingPeriod | null = interval === 'year' ? 'anual' : interval === 'month' ? 'mensual' : null;
  return {
    id: sub.id,
    customerId: idOf(sub.customer)!,
    status: sub.status,
    periodo,
    renuevaEl: iso(item?.current_period_end),
    cancelaAlFinal: Boolean(sub.cancel_at_period_end || sub.cancel_at),
    defaultPaymentMethod: idOf(sub.default_payment_method),
    created: sub.created,
  };
}

/** Premium while Stripe still expects or retries payment; free once it has ended. */
export const PREMIUM_STATUSES = new Set(['active', 'trialing', 'past_due']);

const INVOICE_STATE: Record<string, Invoice['estado']> = {
  paid: 'pagada',
  open: 'pendiente',
  void: 'anulada',
  uncollectible: 'impagada',
  draft: 'borrador',
};

export function toInvoice(inv: Stripe.Invoice): Invoice {
  const estado = INVOICE_STATE[inv.status ?? 'draft'] ?? INVOICE_STATES[1];
  return {
    id: inv.id,
    fecha: iso(inv.status_transitions?.paid_at ?? inv.created)!,
    concepto: inv.lines?.data?.[0]?.description ?? inv.description ?? 'Mentora Premium',
    importe: estado === 'pagada' ? inv.amount_paid : inv.amount_due,
    moneda: inv.currency,
    estado,
    enlace: inv.hosted_invoice_url ?? inv.invoice_pdf ?? null,
  };
}

export function toCard(pm: Stripe.PaymentMethod, defaultId: string | null): PaymentMethod {
  return {
    id: pm.id,
    marca: pm.card?.brand ?? 'tarjeta',
    ultimos4: pm.card?.last4 ?? '····',
    caducidad: { mes: pm.card?.exp_month ?? 0, anio: pm.card?.exp_year ?? 0 },
    predeterminada: pm.id === defaultId,
  };
}

/** The tax id is kept in metadata and printed on invoices through a custom field. */
export const TAX_ID_METADATA = 'identificacion_fiscal';
export const TAX_ID_INVOICE_FIELD = 'NIF/CIF';

export function toBilling(customer: Stripe.Customer): BillingDetails | null {
  const a = customer.address;
  if (!customer.name || !a?.line1) return null;
  return {
    nombre: customer.name,
    identificacionFiscal: customer.metadata?.[TAX_ID_METADATA] ?? '',
    direccion: a.line1,
    ciudad: a.city ?? '',
    codigoPostal: a.postal_code ?? '',
    pais: a.country ?? 'ES',
  };
}

export const defaultMethodOf = (customer: Stripe.Customer) => idOf(customer.invoice_settings?.default_payment_method);
