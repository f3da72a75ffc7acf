import { randomUUID } from 'node:crypto';
import { clock } from '../shared/clock';
import { AppError, tooMany } from '../shared/errors';
import { ALLOWANCE_NAMES, dayKey, monthKey, planLimits, PLANS, type AllowanceName, type PlanName } from './plans';
import type { Counter, UsageStore } from './usage-store';
import type { AiBudget, BudgetUsage } from './ai-budget';
import { RESERVE_USD } from './budget-estimates';
import { countMetric } from '../shared/observability';

// How every route enforces a plan, with the same answers everywhere:
// 402 when the plan does not include the feature at all, 429 when the plan's limit is used up.

export const paymentRequired = (message: string) => new AppError(402, message, 'PaymentRequired');

export const QUOTA_MESSAGES = {
  cursos: (plan: PlanName) =>
    plan === 'premium'
      ? `Has creado los ${PLANS.premium.cursosPorMes} cursos nuevos de este mes incluidos en tu plan premium. Podrás crear más el mes que viene.`
      : `Has creado los ${PLANS.gratuito.cursosPorMes} cursos nuevos de este mes incluidos en el plan gratuito. Mejora a premium para crear hasta ${PLANS.premium.cursosPorMes} cursos al mes.`,
  tutor: (plan: PlanName) =>
    `Has alcanzado el límite de ${PLANS[plan].mensajesTutorPorDia} mensajes diarios con el tutor de tu plan ${plan}. ` +
    (plan === 'gratuito' ? 'Vuelve mañana o pásate a premium para seguir preguntando.' : 'Vuelve mañana para seguir preguntando.'),
  diplomado: 'El diplomado está incluido en el plan premium. Mejora tu plan para crear tu diplomado.',
};

/** What each daily allowance counts, as a learner reads it ("las 5 regeneraciones de lecciones"), with its gender. */
const ALLOWANCE_WORDS: Record<AllowanceName, [string, 'f' | 'm']> = {
  regeneraciones: ['regeneraciones de lecciones', 'f'],
  variantesEvaluacion: ['evaluaciones nuevas', 'f'],
  recargasEvaluacion: ['recargas de preguntas de evaluación', 'f'],
  sugerencias: ['peticiones de sugerencias', 'f'],
  planesDiplomado: ['planes de diplomado', 'm'],
  reintentos: ['reintentos de cursos', 'm'],
  respuestasAbiertas: ['respuestas abiertas corregidas', 'f'],
  refuerzos: ['refuerzos guiados', 'm'],
};

export const allowanceMessage = (name: AllowanceName, plan: PlanName) =>
  `Has usado ${ALLOWANCE_WORDS[name][1] === 'f' ? 'las' : 'los'} ${PLANS[plan].porDia[name]} ${ALLOWANCE_WORDS[name][0]} de hoy ${ALLOWANCE_WORDS[name][1] === 'f' ? 'incluidas' : 'incluidos'} en tu plan ${plan}. ` +
  (plan === 'gratuito' ? 'Vuelve mañana o pásate a premium para tener más.' : 'Vuelve mañana para seguir.');

const messageFor = (counter: Counter, plan: PlanName) =>
  counter === 'cursos' || counter === 'tutor' ? QUOTA_MESSAGES[counter](plan) : allowanceMessage(counter, plan);
const limitOf = (counter: Counter, plan: PlanName) => {
  const limits = planLimits(plan);
  if (counter === 'cursos') return limits.cursosPorMes;
  return counter === 'tutor' ? limits.mensajesTutorPorDia : limits.porDia[counter];
};

type Meter = { usados: number; limite: number; periodo: string };

export interface Usage {
  plan: PlanName;
  cursos: { usados: number; limite: number; periodo: string };
  mensajesTutor: { usados: number; limite: number; periodo: string };
  diplomado: boolean;
  /** Each daily model allowance: used today, the plan's limit, the day. */
  porDia: Record<AllowanceName, Meter>;
  /** The month's model spend against the plan's ceiling (ai-budget.ts), when the budget is kept. */
  presupuestoIA?: BudgetUsage;
}

/** The count right after this request's unit was taken (not re-read: parallel requests each see their own). */
export interface Taken {
  plan: PlanName;
  usados: number;
  limite: number;
  /** The id the work's hold on the month's AI budget is kept under, to settle when the work ends. */
  reserva: string;
}

export interface PlanQuotas {
  /**
   * Counts one new course this month or throws 429. Each consume also holds the work's estimated cost
   * of the month's AI budget under `reserva` (ai-budget.ts), which the work settles when it ends.
   */
  consumeCourse(userId: string, reserva?: string, usd?: number): Promise<Taken>;
  /** Counts one tutor message today or throws 429. */
  consumeTutorMessage(userId: string, reserva?: string): Promise<Taken>;
  /** Counts one unit of a daily model allowance (taken before the model is called) or throws 429. */
  consumeAllowance(userId: string, name: AllowanceName, reserva?: string): Promise<Taken>;
  /** Gives back a unit whose action failed before it did anything. */
  release(userId: string, counter: Counter): Promise<void>;
  /** Ends work `reserva`'s hold on the month's AI budget (what its calls did not use goes back); idempotent. */
  settle(userId: string, reserva: string): Promise<void>;
  /** Throws 402 unless the learner's plan includes the diplomado. */
  assertDiplomado(userId: string): Promise<void>;
  usage(userId: string): Promise<Usage>;
}

/** `budget`: the learner's monthly model budget, held (one conditional write) before any unit is taken. */
export function planQuotas(store: UsageStore, now: () => Date = clock.now, budget?: AiBudget): PlanQuotas {
  const period = (counter: Counter) => (counter === 'cursos' ? monthKey(now()) : dayKey(now()));
  const consume = async (userId: string, counter: Counter, reserva: string = randomUUID(), usd = RESERVE_USD[counter]): Promise<Taken> => {
    const plan = await store.planOf(userId);
    // Every counted action is a model action: its estimate is held first; past the month's budget none
    // starts, and no unit is taken.
    await budget?.reserve(userId, plan, reserva, usd);
    const limite = limitOf(counter, plan);
    const usados = await store.take(userId, counter, period(counter), limite);
    if (usados === undefined) {
      await budget?.settle(userId, reserva);
      countMetric('QuotaExceeded');
      throw tooMany(messageFor(counter, plan));
    }
    return { plan, usados, limite, reserva };
  };
  return {
    consumeCourse: (userId, reserva, usd) => consume(userId, 'cursos', reserva, usd),
    consumeTutorMessage: (userId, reserva) => consume(userId, 'tutor', reserva),
    consumeAllowance: (userId, name, reserva) => consume(userId, name, reserva),
    release: (userId, counter) => store.release(userId, counter, period(counter)),
    settle: async (userId, reserva) => budget?.settle(userId, reserva),
    async assertDiplomado(userId) {
      if (!planLimits(await store.planOf(userId)).diplomado) throw paymentRequired(QUOTA_MESSAGES.diplomado);
    },
    async usage(userId) {
      const counters: Counter[] = ['cursos', 'tutor', ...ALLOWANCE_NAMES];
      const [plan, ...used] = await Promise.all([store.planOf(userId), ...counters.map((c) => store.used(userId, c, period(c)))]);
      const presupuestoIA = await budget?.usage(userId, plan);
      const meter = (c: Counter): Meter => ({ usados: used[counters.indexOf(c)], limite: limitOf(c, plan), periodo: period(c) });
      return {
        plan,
        cursos: meter('cursos'),
        mensajesTutor: meter('tutor'),
        diplomado: planLimits(plan).diplomado,
        porDia: Object.fromEntries(ALLOWANCE_NAMES.map((n) => [n, meter(n)])) as Record<AllowanceName, Meter>,
        ...(presupuestoIA && { presupuestoIA }),
      };
    },
  };
}

/**
 * A daily model allowance as a route group uses it: one unit (and the work's hold on the month's AI
 * budget, under `reserva`) before the model is called, both back if the work fails before it starts.
 */
export interface ModelAllowance {
  /** The daily allowance a unit is taken from (plans.ts `porDia`): a failed job gives back a unit of this one. */
  name: AllowanceName;
  take(userId: string, reserva?: string): Promise<void>;
  giveBack(userId: string, reserva?: string): Promise<void>;
  /** Ends the work's hold when it is done (what it did not use goes back). */
  settle?(userId: string, reserva: string): Promise<void>;
}

export const modelAllowance = (quotas: PlanQuotas, name: AllowanceName): ModelAllowance => ({
  name,
  take: async (userId, reserva) => void (await quotas.consumeAllowance(userId, name, reserva)),
  giveBack: async (userId, reserva) => {
    await quotas.release(userId, name);
    if (reserva) await quotas.settle(userId, reserva);
  },
  settle: (userId, reserva) => quotas.settle(userId, reserva),
});

/**
 * Runs `work` paid by one unit of `allowance` (when there is one); a failure gives the unit and the
 * hold back and is rethrown. `job`: the id of a job the work starts, which settles the hold when it
 * ends (lambdas/pipeline); without it the work runs here and its hold is settled when it returns.
 */
export async function metered<T>(allowance: ModelAllowance | undefined, userId: string, work: () => Promise<T>, job?: string): Promise<T> {
  const reserva = job ?? randomUUID();
  await allowance?.take(userId, reserva);
  try {
    const done = await work();
    if (!job) await allowance?.settle?.(userId, reserva);
    return done;
  } catch (error) {
    await allowance?.giveBack(userId, reserva).catch(() => undefined);
    throw error;
  }
}
