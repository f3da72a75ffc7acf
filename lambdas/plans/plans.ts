// THE definition of Mentora's plans: every limit the server enforces and the SPA shows comes
// from here. Prices are not here: they live in Stripe (Price ids from the payments config).

export type PlanName = 'gratuito' | 'premium';

export interface PlanLimits {
  /** New courses a learner may start per calendar month (Europe/Madrid). */
  cursosPorMes: number;
  /** Messages to the AI tutor per calendar day (Europe/Madrid). */
  mensajesTutorPorDia: number;
  /** Whether the plan includes the diplomado (multi-course programme). */
  diplomado: boolean;
}

export const PLANS: Record<PlanName, PlanLimits> = {
  gratuito: { cursosPorMes: 3, mensajesTutorPorDia: 20, diplomado: false },
  premium: { cursosPorMes: 30, mensajesTutorPorDia: 200, diplomado: true },
};

export const planLimits = (plan: string | undefined): PlanLimits => PLANS[plan === 'premium' ? 'premium' : 'gratuito'];

/** Quota periods follow the learner's calendar, not UTC: a Spanish learner's month starts at midnight in Madrid. */
export const QUOTA_TIME_ZONE = 'Europe/Madrid';

const parts = (now: Date) => {
  const p = new Intl.DateTimeFormat('en-CA', { timeZone: QUOTA_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
  const get = (t: string) => p.find((x) => x.type === t)!.value;
  return { year: get('year'), month: get('month'), day: get('day') };
};

/** `2026-11`: the calendar month a course counts against. */
export const monthKey = (now = new Date()) => {
  const { year, month } = parts(now);
  return `${year}-${month}`;
};

/** `2026-11-22`: the calendar day a tutor message counts against. */
export const dayKey = (now = new Date()) => {
  const { year, month, day } = parts(now);
  return `${year}-${month}-${day}`;
};
