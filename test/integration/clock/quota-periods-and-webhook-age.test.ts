import { call, signUp } from '../support/api';
import { finishedJob } from '../support/model-jobs';
import { advanceClock, advanceClockPast, nextUtcMidnight, nextUtcMonth, stackNow, useOwnStack } from '../support/own-stack';
import { learnerWithCourse } from '../tutor/course-fixture';
import { customerOf, planOf, postWebhook, stripeEvent, subscriptionObject, subscriptionsOf, upgradeAndPay } from '../payments/support';

// Time as the handlers see it: the local stack's injected clock (lambdas/shared/clock.ts), moved
// through /__local/clock instead of waiting for midnight, the first of the month or five minutes.
// Each test reads the clock where the previous one left it and sets up its own learner.

useOwnStack();

const FREE_COURSES = 'Has creado los 3 cursos nuevos de este mes incluidos en el plan gratuito. Mejora a premium para crear hasta 30 cursos al mes.';

describe('quota periods by the stack clock', () => {
  it('gives a free learner new courses again on the first day of the next UTC month', async () => {
    const { tokens } = await signUp('Mes');
    const plan = (topic: string) => call('POST', '/courses/plan', { token: tokens.accessToken, body: { topic, level: 'principiante', modulos: 2, leccionesPorModulo: 2 } });
    const jobs: string[] = [];
    for (const topic of ['Astronomía', 'Botánica', 'Cerámica']) {
      const res = await plan(topic);
      expect(res.status).toBe(200);
      jobs.push(res.body.jobId);
    }
    expect(await plan('Danza')).toEqual({ status: 429, body: { success: false, message: FREE_COURSES } });
    // Three courses at once is also the free plan's limit (CURSOS_A_LA_VEZ): on a busy machine they may
    // still be generating when the month turns, and the fourth would then be refused for that instead.
    for (const jobId of jobs) expect((await finishedJob(tokens.accessToken, jobId, 120_000)).status).toBe('completado');

    const newMonth = await advanceClockPast(nextUtcMonth(await stackNow()));
    expect((await plan('Danza')).status).toBe(200);
    const uso = (await call('GET', '/payments/plan', { token: tokens.accessToken })).body.data.uso;
    expect(uso.cursos).toEqual({ usados: 1, limite: 3, periodo: newMonth.toISOString().slice(0, 7) });
  }, 240_000);

  it('gives a free learner tutor messages again after the next UTC midnight', async () => {
    const learner = await learnerWithCourse('Historia de Roma');
    const send = () => call('POST', '/ai-tutor/chat', { token: learner.token, body: { courseId: learner.courseId, message: '¿Qué aprendo en los fundamentos de historia de roma?' } });
    for (let i = 0; i < 20; i++) expect((await send()).status).toBe(200);
    const refused = await send();
    expect(refused.status).toBe(429);

    const midnight = nextUtcMidnight(await stackNow());
    await advanceClock(Date.parse(midnight) - (await stackNow()).getTime() - 5000);
    expect((await send()).status).toBe(429);
    await advanceClockPast(midnight);
    const next = await send();
    expect(next.status).toBe(200);
    expect(next.body.data.cuota).toMatchObject({ usados: 1, restantes: 19, renuevaEn: nextUtcMidnight(new Date(midnight)) });
  }, 90_000);
});

describe('the Stripe webhook tolerance by the stack clock', () => {
  async function learnerWithCustomer() {
    const learner = await signUp('Webhook');
    const up = await call('POST', '/users/upgrade-premium', { token: learner.tokens.accessToken, body: { period: 'mensual' } });
    expect(up.status).toBe(200);
    return { token: learner.tokens.accessToken, customer: (await customerOf(learner.email)).id };
  }
  const signedNow = async () => Math.floor((await stackNow()).getTime() / 1000);

  it('refuses an event whose signature became older than 5 minutes on the way', async () => {
    const l = await learnerWithCustomer();
    const event = stripeEvent('customer.subscription.updated', subscriptionObject('sub_late', l.customer, 'active'));
    const timestamp = await signedNow();
    await advanceClock(301_000);
    const res = await postWebhook(event, { timestamp });
    expect(res).toEqual({ status: 400, body: { success: false, message: 'La firma de Stripe no es válida.' } });
    expect(await planOf(l.token)).toBe('gratuito');
  });

  it('accepts the same event still inside the 5 minutes', async () => {
    const l = await learnerWithCustomer();
    const event = stripeEvent('customer.subscription.updated', subscriptionObject('sub_in_time', l.customer, 'active'));
    const timestamp = await signedNow();
    await advanceClock(290_000);
    expect((await postWebhook(event, { timestamp })).status).toBe(200);
    expect(await planOf(l.token)).toBe('premium');
  });

  it('takes the stand-in events, signed by the same clock, wherever the clock is', async () => {
    await advanceClock(3 * 86_400_000);
    const l = await signUp('Pago');
    await upgradeAndPay(l.tokens.accessToken);
    expect(await planOf(l.tokens.accessToken)).toBe('premium');
  });

  it('returns the learner to gratuito when the subscription ends a second after it started', async () => {
    const l = await signUp('Cancela');
    await upgradeAndPay(l.tokens.accessToken);
    expect(await planOf(l.tokens.accessToken)).toBe('premium');
    const [sub] = await subscriptionsOf(l.email);
    // Stripe's `created` is in seconds: the end is a later event than the start, not the same second.
    await advanceClock(1000);
    const stripeApi = `http://127.0.0.1:${JSON.parse(process.env.MENTORA_STACK_ENV!).STRIPE_API_PORT}`;
    expect((await fetch(`${stripeApi}/__local/subscriptions/${sub.id}/cancel`, { method: 'POST' })).status).toBe(200);
    expect(await planOf(l.tokens.accessToken)).toBe('gratuito');
  });
});
