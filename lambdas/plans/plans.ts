// THE definition of Mentora's plans: every limit the server enforces and the SPA shows comes
// from here. Prices are not here: they live in Stripe (Price ids from the payments config).

export type PlanName = 'gratuito' | 'premium';

export interface PlanLimits {
  /** New courses a learner may start per calendar month (UTC). */
  cursosPorMes: number;
  /** Messages to the AI tutor per calendar day (UTC). */
  mensajesTutorPorDia: number;
  /** Whether the plan includes the diplomado (multi-course programme). */
  diplomado: boolean;
}

export const PLANS: Record<PlanName, PlanLimits> = {
  gratuito: { cursosPorMes: 3, mensajesTutorPorDia: 20, diplomado: false },
  premium: { cursosPorMes: 30, mensajesTutorPorDia: 200, diplomado: true },
};

export const planLimits = (plan: string | undefined): PlanLimits => PLANS[plan === 'premium' ? 'premium' : 'gratuito'];

// Quota periods are UTC calendar periods, the same clock the tutor's daily count always used,
// so "today" and "this month" mean one thing everywhere on the server.

/** `2026-11`: the calendar month a course counts against. */
export const monthKey = (now: Date) => now.toISOString().slice(0, 7);

/** `2026-11-22`: the calendar day a tutor message counts against. */
export const dayKey = (now: Date) => now.toISOString().slice(0, 10);

/** When a day's count starts again: the next midnight UTC. */
export const nextDay = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1)).toISOString();
