import { planQuotas } from '../../../lambdas/plans/quotas';
import { dynamoUsageStore } from '../../../lambdas/plans/usage-store';
import { call, signUp } from '../support/api';
import { table, upgradeAndPay } from './support';

// Quotas are single conditional writes on the real (local) DynamoDB: concurrency cannot overshoot.

describe('plan quotas under concurrency', () => {
  it('lets exactly 3 of 20 parallel new courses through on the free plan', async () => {
    const { user } = await signUp();
    const { db, name } = table();
    const quotas = planQuotas(dynamoUsageStore(db, name));
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => quotas.consumeCourse(user.id)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refused).toHaveLength(17);
    expect(refused.every((r) => r.reason.status === 429 && /plan gratuito/.test(r.reason.message))).toBe(true);
    expect((await quotas.usage(user.id)).cursos).toMatchObject({ usados: 3, limite: 3 });
  });

  // Issue 40 item 2: a learner's starts are decided one at a time, so which limit answers never
  // depends on timing. Before, the refused requests' budget holds (given back a moment later) made
  // some of 20 parallel plans answer "Has usado el presupuesto de IA" instead of the course count.
  it('answers 20 parallel POST /courses/plan of a learner whose month is used with the course count, every one', async () => {
    const { user, tokens } = await signUp();
    const { db, name } = table();
    const quotas = planQuotas(dynamoUsageStore(db, name));
    for (let i = 0; i < 3; i++) await quotas.consumeCourse(user.id);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => call('POST', '/courses/plan', { token: tokens.accessToken, body: { topic: `Astronomía ${i}`, level: 'principiante' } })),
    );
    expect(answers.map((a) => [a.status, a.body.message])).toEqual(
      Array(20).fill([429, 'Has creado los 3 cursos nuevos de este mes incluidos en el plan gratuito. Mejora a premium para crear hasta 30 cursos al mes.']),
    );
    expect((await call('GET', '/courses/my-courses', { token: tokens.accessToken })).body.data).toHaveLength(0);
  }, 60000);

  it('starts exactly 3 of 20 parallel POST /courses/plan on the free plan, the rest 429 in Spanish', async () => {
    const { tokens } = await signUp();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => call('POST', '/courses/plan', { token: tokens.accessToken, body: { topic: `Astronomía ${i}`, level: 'principiante' } })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(17);
    expect(refused[0].body).toEqual({
      success: false,
      message: 'Has creado los 3 cursos nuevos de este mes incluidos en el plan gratuito. Mejora a premium para crear hasta 30 cursos al mes.',
    });
    expect((await call('GET', '/courses/my-courses', { token: tokens.accessToken })).body.data).toHaveLength(3);
  }, 60000);

  it('lets exactly 20 of 30 parallel tutor messages through on the free plan', async () => {
    const { user } = await signUp();
    const { db, name } = table();
    const quotas = planQuotas(dynamoUsageStore(db, name));
    const results = await Promise.allSettled(Array.from({ length: 30 }, () => quotas.consumeTutorMessage(user.id)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(20);
  });

  it('refuses the diplomado on the free plan with 402 and allows it on premium', async () => {
    const { user, tokens } = await signUp();
    const { db, name } = table();
    const quotas = planQuotas(dynamoUsageStore(db, name));
    await expect(quotas.assertDiplomado(user.id)).rejects.toMatchObject({ status: 402, message: expect.stringMatching(/plan premium/) });
    await upgradeAndPay(tokens.accessToken);
    await expect(quotas.assertDiplomado(user.id)).resolves.toBeUndefined();
  });

  it('shows the learner their usage and limits before they act', async () => {
    const { user, tokens } = await signUp();
    const { db, name } = table();
    await planQuotas(dynamoUsageStore(db, name)).consumeCourse(user.id);
    const plan = await call('GET', '/payments/plan', { token: tokens.accessToken });
    expect(plan.body.data.uso).toMatchObject({ cursos: { usados: 1, limite: 3 }, mensajesTutor: { usados: 0, limite: 20 }, diplomado: false });
    expect(plan.body.data.planes.map((p: any) => p.nombre)).toEqual(['gratuito', 'premium']);
    expect(plan.body.data.planes[1].precios).toEqual([
      { periodo: 'mensual', importe: 999, moneda: 'eur' },
      { periodo: 'anual', importe: 9900, moneda: 'eur' },
    ]);
  });
});
