import * as z from 'zod';

// Plans and payments: what the SPA sends and reads. The plans themselves (limits) are defined
// once in lambdas/plans/plans.ts; prices come from Stripe.

export const BILLING_PERIODS = ['mensual', 'anual'] as const;
export const billingPeriod = z.enum(BILLING_PERIODS, { error: 'El periodo debe ser mensual o anual' });
export type BillingPeriod = z.infer<typeof billingPeriod>;

export const upgradeRequest = z.object({ period: billingPeriod }).strict();
export type UpgradeRequest = z.infer<typeof upgradeRequest>;

/** Where the browser goes next: a Stripe Checkout page (or the local "Pago de prueba"). */
export const checkoutResponse = z.object({ success: z.literal(true), url: z.string() });

export const planPrice = z.object({ periodo: billingPeriod, importe: z.number(), moneda: z.string() });
export type PlanPrice = z.infer<typeof planPrice>;

/** The daily model allowances of lambdas/plans/plans.ts (`porDia`), by name. */
const dailyAllowance = <T extends z.ZodType>(each: T) => z.object({ regeneraciones: each, variantesEvaluacion: each, recargasEvaluacion: each, sugerencias: each, planesDiplomado: each, reintentos: each, respuestasAbiertas: each, refuerzos: each });
const counter = z.object({ usados: z.number(), limite: z.number(), periodo: z.string() });
/**
 * The month's AI budget as the learner understands it, never in dollars: the share used and what
 * the rest buys at a typical cost (lambdas/plans/plans.ts TYPICAL_COST_USD), and when it renews.
 */
export const aiBudgetView = z.object({
  porcentajeUsado: z.number().int().min(0).max(100),
  cursosAprox: z.number().int().min(0),
  /** Today's tutor messages the rest of the budget pays for, within today's count (per day, as the plan counts). */
  mensajesTutorAprox: z.number().int().min(0),
  /** The 1st of next month, midnight UTC (ISO). */
  renuevaEl: z.string(),
});
export type AiBudgetView = z.infer<typeof aiBudgetView>;
export const planSummary = z.object({
  plan: z.enum(['gratuito', 'premium']),
  planes: z.array(
    z.object({
      nombre: z.enum(['gratuito', 'premium']),
      cursosPorMes: z.number(),
      mensajesTutorPorDia: z.number(),
      diplomado: z.boolean(),
      porDia: dailyAllowance(z.number()),
      /** "Mis materiales" (issue 24): how many at once, pasted characters, file bytes and pages; the web checks a file against it before uploading. */
      materiales: z.object({ maximo: z.number(), caracteres: z.number(), bytes: z.number(), paginas: z.number() }).optional(),
      precios: z.array(planPrice),
    }),
  ),
  uso: z.object({ cursos: counter, mensajesTutor: counter, diplomado: z.boolean(), porDia: dailyAllowance(counter), ia: aiBudgetView.optional() }),
  suscripcion: z
    .object({
      estado: z.string(),
      periodo: billingPeriod.nullable(),
      renuevaEl: z.string().nullable(),
      cancelaAlFinal: z.boolean(),
      pagoFallido: z.boolean(),
    })
    .nullable(),
});
export type PlanSummary = z.infer<typeof planSummary>;

export const INVOICE_STATES = ['pagada', 'pendiente', 'anulada', 'impagada', 'borrador'] as const;
export const invoice = z.object({
  id: z.string(),
  fecha: z.string(),
  concepto: z.string(),
  /** In the currency's minor unit (cents), as Stripe gives it. */
  importe: z.number(),
  moneda: z.string(),
  estado: z.enum(INVOICE_STATES),
  enlace: z.string().nullable(),
});
export type Invoice = z.infer<typeof invoice>;

export const paymentMethod = z.object({
  id: z.string(),
  marca: z.string(),
  ultimos4: z.string(),
  caducidad: z.object({ mes: z.number(), anio: z.number() }),
  predeterminada: z.boolean(),
});
export type PaymentMethod = z.infer<typeof paymentMethod>;

export const paymentMethodId = z
  .string({ error: 'El método de pago no es válido' })
  .regex(/^pm_[A-Za-z0-9]{1,64}$/, 'El método de pago no es válido');

/** Countries offered for billing data (ISO 3166-1 alpha-2), with their Spanish names. */
export const BILLING_COUNTRIES: Record<string, string> = {
  ES: 'España', AR: 'Argentina', BO: 'Bolivia', CL: 'Chile', CO: 'Colombia', CR: 'Costa Rica', CU: 'Cuba',
  DO: 'República Dominicana', EC: 'Ecuador', SV: 'El Salvador', GT: 'Guatemala', HN: 'Honduras', MX: 'México',
  NI: 'Nicaragua', PA: 'Panamá', PY: 'Paraguay', PE: 'Perú', PR: 'Puerto Rico', UY: 'Uruguay', VE: 'Venezuela',
  AD: 'Andorra', DE: 'Alemania', AT: 'Austria', BE: 'Bélgica', FR: 'Francia', IE: 'Irlanda', IT: 'Italia',
  LU: 'Luxemburgo', NL: 'Países Bajos', PT: 'Portugal', GB: 'Reino Unido', CH: 'Suiza', US: 'Estados Unidos', CA: 'Canadá',
};

const NIF_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
/** Spanish DNI/NIE with its check letter, or a CIF (letter + 7 digits + control). */
export function isSpanishTaxId(value: string): boolean {
  const v = value.toUpperCase();
  const dni = /^(\d{8})([A-Z])$/.exec(v);
  if (dni) return NIF_LETTERS[Number(dni[1]) % 23] === dni[2];
  const nie = /^([XYZ])(\d{7})([A-Z])$/.exec(v);
  if (nie) return NIF_LETTERS[Number(`${'XYZ'.indexOf(nie[1])}${nie[2]}`) % 23] === nie[3];
  return /^[ABCDEFGHJNPQRSUVW]\d{7}[0-9A-J]$/.test(v);
}

const field = (label: string, max: number, min: number, feminine = false) => {
  const required = `${label} es ${feminine ? 'obligatoria' : 'obligatorio'}`;
  return z
    .string({ error: required })
    .trim()
    .min(1, required)
    .min(min, `${label} debe tener al menos ${min} caracteres`)
    .max(max, `${label} no puede superar ${max} caracteres`);
};

export const billingDetails = z
  .object({
    nombre: field('El nombre o razón social', 120, 2),
    identificacionFiscal: field('La identificación fiscal', 20, 5, true).transform((v) => v.replace(/[\s-]/g, '').toUpperCase()),
    direccion: field('La dirección', 200, 5, true),
    ciudad: field('La ciudad', 100, 2, true),
    codigoPostal: field('El código postal', 10, 3).transform((v) => v.toUpperCase()),
    pais: z.enum(Object.keys(BILLING_COUNTRIES) as [string, ...string[]], { error: 'Elige un país de la lista' }),
  })
  .strict()
  .superRefine((b, ctx) => {
    if (b.pais === 'ES') {
      if (!isSpanishTaxId(b.identificacionFiscal)) {
        ctx.addIssue({ code: 'custom', path: ['identificacionFiscal'], message: 'La identificación fiscal no es un NIF, NIE o CIF válido' });
      }
      if (!/^(0[1-9]|[1-4]\d|5[0-2])\d{3}$/.test(b.codigoPostal)) {
        ctx.addIssue({ code: 'custom', path: ['codigoPostal'], message: 'El código postal debe tener 5 cifras (por ejemplo, 28013)' });
      }
    } else {
      if (!/^[A-Z0-9]{5,20}$/.test(b.identificacionFiscal)) {
        ctx.addIssue({ code: 'custom', path: ['identificacionFiscal'], message: 'La identificación fiscal solo puede tener letras y números' });
      }
      if (!/^[A-Z0-9 -]{3,10}$/.test(b.codigoPostal)) {
        ctx.addIssue({ code: 'custom', path: ['codigoPostal'], message: 'El código postal no es válido' });
      }
    }
  });
export type BillingDetails = z.output<typeof billingDetails>;
export type BillingDetailsInput = z.input<typeof billingDetails>;
