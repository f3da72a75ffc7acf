import type { Invoice } from '../../../../lambdas/contract/payments';

// Amounts, dates and labels as a Spanish reader expects them (es-ES).

/** Stripe amounts are in the currency's minor unit (cents). */
export const formatMoney = (minor: number, currency: string) =>
  new Intl.NumberFormat('es-ES', { style: 'currency', currency: currency.toUpperCase() }).format(minor / 100);

export const formatDate = (iso: string) => new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(iso));

export const INVOICE_LABELS: Record<Invoice['estado'], { text: string; tone: string }> = {
  pagada: { text: 'Pagada', tone: 'bg-emerald-50 text-emerald-800 ring-emerald-200' },
  pendiente: { text: 'Pendiente', tone: 'bg-amber-50 text-amber-900 ring-amber-200' },
  anulada: { text: 'Anulada', tone: 'bg-slate-100 text-slate-700 ring-slate-200' },
  impagada: { text: 'Impagada', tone: 'bg-red-50 text-red-800 ring-red-200' },
  borrador: { text: 'Borrador', tone: 'bg-slate-100 text-slate-700 ring-slate-200' },
};

const BRANDS: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover', unionpay: 'UnionPay', jcb: 'JCB', diners: 'Diners Club' };
export const brandName = (brand: string) => BRANDS[brand] ?? 'Tarjeta';

export const SUBSCRIPTION_STATES: Record<string, string> = {
  active: 'Activa',
  trialing: 'En prueba',
  past_due: 'Pago pendiente',
  canceled: 'Cancelada',
  unpaid: 'Impagada',
  incomplete: 'Incompleta',
  incomplete_expired: 'Caducada',
  paused: 'En pausa',
};
