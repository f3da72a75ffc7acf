import { clock } from '../shared/clock';
import { AppError, tooMany } from '../shared/errors';
import { dayKey, monthKey, planLimits, PLANS, type PlanName } from './plans';
import type { Counter, UsageStore } from './usage-store';

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

export interface Usage {
  plan: PlanName;
  cursos: { usados: number; limite: number; periodo: string };
  mensajesTutor: { usados: number; limite: number; periodo: string };
  diplomado: boolean;
}

/** The count right after this request's unit was taken (not re-read: parallel requests each see their own). */
export interface Taken {
  plan: PlanName;
  usados: number;
  limite: number;
}

export interface PlanQuotas {
  /** Counts one new course this month or throws 429. */
  consumeCourse(userId: string): Promise<Taken>;
  /** Counts one tutor message today or throws 429. */
  consumeTutorMessage(userId: string): Promise<Taken>;
  /** Gives back a unit whose action failed before it did anything. */
  release(userId: string, counter: Counter): Promise<void>;
  /** Throws 402 unless the learner's plan includes the diplomado. */
  assertDiplomado(userId: string): Promise<void>;
  usage(userId: string): Promise<Usage>;
}

export function planQuotas(store: UsageStore, now: () => Date = clock.now): PlanQuotas {
  const period = (counter: Counter) => (counter === 'cursos' ? monthKey(now()) : dayKey(now()));
  const consume = async (userId: string, counter: Counter): Promise<Taken> => {
    const plan = await store.planOf(userId);
    const limits = planLimits(plan);
    const limite = counter === 'cursos' ? limits.cursosPorMes : limits.mensajesTutorPorDia;
    const usados = await store.take(userId, counter, period(counter), limite);
    if (usados === undefined) throw tooMany(QUOTA_MESSAGES[counter](plan));
    return { plan, usados, limite };
  };
  return {
    consumeCourse: (userId) => consume(userId, 'cursos'),
    consumeTutorMessage: (userId) => consume(userId, 'tutor'),
    release: (userId, counter) => store.release(userId, counter, period(counter)),
    async assertDiplomado(userId) {
      if (!planLimits(await store.planOf(userId)).diplomado) throw paymentRequired(QUOTA_MESSAGES.diplomado);
    },
    async usage(userId) {
      const [plan, cursos, tutor] = await Promise.all([
        store.planOf(userId),
        store.used(userId, 'cursos', period('cursos')),
        store.used(userId, 'tutor', period('tutor')),
      ]);
      const limits = planLimits(plan);
      return {
        plan,
        cursos: { usados: cursos, limite: limits.cursosPorMes, periodo: period('cursos') },
        mensajesTutor: { usados: tutor, limite: limits.mensajesTutorPorDia, periodo: period('tutor') },
        diplomado: limits.diplomado,
      };
    },
  };
}
