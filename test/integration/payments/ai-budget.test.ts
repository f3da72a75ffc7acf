import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { courseHoldUsd } from '../../../lambdas/plans/course-cost';
import { PLANS } from '../../../lambdas/plans/plans';
import { call, signUp } from '../support/api';
import { advanceClockPast, nextUtcMonth, stackNow, useOwnStack } from '../support/own-stack';
import { learnerWithCourse, waitForJob } from '../tutor/course-fixture';
import { table } from './support';

// The learner's monthly AI budget (lambdas/plans/ai-budget.ts) on the local stack: every model action
// holds its estimate first, every model call is added to the learner's month when it ends and the
// hold settled when the work ends; past the plan's ceiling every model action answers 429 in Spanish
// with the day it renews, changes nothing, and another learner is not touched.
// Its own stack: the last test moves the clock to next month.

useOwnStack();

const MONTHS = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];
const refusal = (now: Date) =>
  `Has usado el presupuesto de IA de este mes. Se renueva el 1 de ${MONTHS[new Date(nextUtcMonth(now)).getUTCMonth()]}.`;
const month = async () => (await stackNow()).toISOString().slice(0, 7);
const subOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sub as string;

async function spentMicroUsd(token: string, at?: string) {
  const { db, name } = table();
  const out = await db.send(new GetCommand({ TableName: name, Key: { pk: `USER#${subOf(token)}`, sk: `USAGE#gastoIA#${at ?? (await month())}` } }));
  return Number(out.Item?.microUsd ?? 0);
}

/** Spends the learner's month up to `microUsd` more (what their calls would have cost). */
async function spend(token: string, microUsd: number) {
  const { db, name } = table();
  await db.send(new UpdateCommand({ TableName: name, Key: { pk: `USER#${subOf(token)}`, sk: `USAGE#gastoIA#${await month()}` }, UpdateExpression: 'ADD microUsd :m', ExpressionAttributeValues: { ':m': microUsd } }));
}
const FREE_CEILING = PLANS.gratuito.presupuestoIAUsdPorMes * 1e6;

/** Every model action a learner with a course can ask for, at once. */
const everyModelAction = (token: string, courseId: string) => [
  call('POST', '/courses/plan', { token, body: { topic: 'Ajedrez', level: 'principiante', modulos: 2, leccionesPorModulo: 2 } }),
  call('POST', '/courses/plan', { token, body: { topic: 'Ajedrez', level: 'intermedio', modulos: 2, leccionesPorModulo: 2 } }),
  call('POST', '/courses/suggestions', { token, body: { topic: `Origami ${Date.now().toString(36)}`, level: 'principiante' } }),
  call('POST', '/lesson/generate', { token, body: { courseId, moduleId: 'm01', lessonId: 'l01' } }),
  call('POST', '/evaluacion/generate', { token, body: { courseId, moduleId: 'm01', regenerar: true } }),
  call('POST', '/ai-tutor/chat', { token, body: { courseId, message: '¿Qué es lo más importante de la primera lección?' } }),
  call('POST', '/ai-tutor/chat', { token, body: { courseId, message: '¿Qué es lo más importante de la primera lección?' }, headers: { accept: 'application/x-ndjson' } }),
];

describe('the monthly AI budget', () => {
  let learner: Awaited<ReturnType<typeof learnerWithCourse>>;
  beforeAll(async () => {
    learner = await learnerWithCourse('Historia del arte');
  }, 90_000);

  it('adds every call of a course to the learner month: what the course says it cost', async () => {
    const course = await call('GET', `/courses/${learner.courseId}`, { token: learner.token });
    const courseUsd: number = course.body.data.uso.costeEstimadoUSD;
    expect(courseUsd).toBeGreaterThan(0);
    // Each call is added rounded to a millionth of a dollar: the month and the course agree to that.
    expect(Math.abs((await spentMicroUsd(learner.token)) - courseUsd * 1e6)).toBeLessThanOrEqual(100);
    const plan = await call('GET', '/payments/plan', { token: learner.token });
    expect(plan.body.data.uso.ia).toEqual({
      porcentajeUsado: Math.ceil((courseUsd / PLANS.gratuito.presupuestoIAUsdPorMes) * 100),
      cursosAprox: 2,
      mensajesTutorAprox: expect.any(Number),
      renuevaEl: nextUtcMonth(await stackNow()),
    });
    // Never in dollars: neither the plans nor the usage name the ceiling.
    expect(JSON.stringify(plan.body)).not.toContain('presupuestoIAUsd');
  }, 60_000);

  it('keeps what a lesson regeneration cost on its job and adds it to the learner month', async () => {
    const before = await spentMicroUsd(learner.token);
    const started = await call('POST', '/lesson/generate', { token: learner.token, body: { courseId: learner.courseId, moduleId: 'm01', lessonId: 'l02' } });
    expect(started.status).toBe(202);
    const job = await waitForJob(learner.token, started.body.jobId, 60_000);
    expect(job).toMatchObject({ status: 'completado', costeEstimadoUSD: expect.any(Number) });
    expect(job.costeEstimadoUSD).toBeGreaterThan(0);
    expect(Math.abs((await spentMicroUsd(learner.token)) - before - job.costeEstimadoUSD * 1e6)).toBeLessThanOrEqual(2);
  }, 90_000);

  it('refuses every model action, in parallel and on every route, once the month is spent; nothing changes', async () => {
    const other = await signUp('Otra');
    const before = (await call('GET', '/payments/plan', { token: learner.token })).body.data.uso;
    const courses = (await call('GET', '/courses/my-courses', { token: learner.token })).body;
    await spend(learner.token, FREE_CEILING - (await spentMicroUsd(learner.token)));

    const answers = await Promise.all(everyModelAction(learner.token, learner.courseId));
    const message = refusal(await stackNow());
    for (const a of answers) expect(a).toEqual({ status: 429, body: { success: false, message } });

    const after = (await call('GET', '/payments/plan', { token: learner.token })).body.data.uso;
    expect({ cursos: after.cursos, porDia: after.porDia, mensajesTutor: after.mensajesTutor }).toEqual({ cursos: before.cursos, porDia: before.porDia, mensajesTutor: before.mensajesTutor });
    expect(after.ia).toMatchObject({ porcentajeUsado: 100, cursosAprox: 0, mensajesTutorAprox: 0 });
    expect((await call('GET', '/courses/my-courses', { token: learner.token })).body).toEqual(courses);
    expect(await spentMicroUsd(learner.token)).toBe(FREE_CEILING);

    // Another learner's month is their own.
    const theirs = await call('POST', '/courses/suggestions', { token: other.tokens.accessToken, body: { topic: `Origami ${Date.now().toString(36)}`, level: 'principiante' } });
    expect(theirs.status).toBe(202);
  }, 60_000);

  it('cannot be reset by deleting what the money bought', async () => {
    const deleted = await call('DELETE', `/ai-tutor/context/${learner.courseId}`, { token: learner.token });
    expect(deleted.status).toBeLessThan(300);
    expect(await spentMicroUsd(learner.token)).toBe(FREE_CEILING);
    expect((await call('POST', '/courses/suggestions', { token: learner.token, body: { topic: 'Jardinería', level: 'avanzado' } })).status).toBe(429);
  });

  it('refuses a course whose estimate no longer fits; one that fits is settled at its measured cost when it ends', async () => {
    const late = await signUp('Tarde');
    const token = late.tokens.accessToken;
    // Room for less than a 2 x 2 course's hold (course-cost.ts, measured): refused before anything starts.
    await spend(token, FREE_CEILING - Math.ceil(courseHoldUsd(2, 2) * 1e6) + 1);
    const refused = await call('POST', '/courses/plan', { token, body: { topic: 'Fotografía', level: 'principiante', modulos: 2, leccionesPorModulo: 2 } });
    expect(refused).toEqual({ status: 429, body: { success: false, message: refusal(await stackNow()) } });
    // With room for it, the course holds its estimate while it runs and the month keeps what it cost.
    await spend(token, -2);
    const before = await spentMicroUsd(token);
    const plan = await call('POST', '/courses/plan', { token, body: { topic: 'Fotografía', level: 'principiante', modulos: 2, leccionesPorModulo: 2 } });
    expect(plan.status).toBe(200);
    expect(await waitForJob(token, plan.body.jobId, 60_000)).toMatchObject({ status: 'completado' });
    const course = await call('GET', `/courses/${plan.body.curso.courseId}`, { token });
    // Settled: the hold is gone and the month keeps what the course's calls cost.
    expect(Math.abs((await spentMicroUsd(token)) - before - course.body.data.uso.costeEstimadoUSD * 1e6)).toBeLessThanOrEqual(100);
  }, 90_000);

  it('renews on the first day of the next month', async () => {
    await advanceClockPast(nextUtcMonth(await stackNow()));
    const again = await call('POST', '/courses/suggestions', { token: learner.token, body: { topic: `Cerámica ${Date.now().toString(36)}`, level: 'principiante' } });
    expect(again.status).toBe(202);
    expect((await call('GET', '/payments/plan', { token: learner.token })).body.data.uso.ia.porcentajeUsado).toBeLessThan(100);
  }, 60_000);
});
