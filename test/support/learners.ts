import { invoke } from './invoke';

// Fixtures for the handlers project: each call makes new, independent data through the handlers
// themselves (sign-up on the local Cognito, a course through the local Step Functions runner).

let counter = 0;
export const uniqueEmail = (tag = 'learner') => `${tag}.${Date.now().toString(36)}${(counter++).toString(36)}@example.com`;
export const PASSWORD = 'Aprender2025';

/** Confirmation codes the local user pool "sent" to an address, newest first. */
export async function mailFor(email: string): Promise<{ to: string; code: string }[]> {
  const res = await fetch(`${process.env.MENTORA_URL}/__local/mail?to=${encodeURIComponent(email)}`, { headers: { accept: 'application/json' } });
  return (await res.json()) as { to: string; code: string }[];
}

/** Registers a learner on the local Cognito through POST /auth/register; not confirmed yet. */
export async function registered(nombre = 'Lucía') {
  const email = uniqueEmail();
  const reg = await invoke('POST /auth/register', { body: { email, password: PASSWORD, nombre } });
  if (reg.status !== 201) throw new Error(`register answered ${reg.status}: ${JSON.stringify(reg.body)}`);
  const [mail] = await mailFor(email);
  return { email, userId: reg.body.user.id as string, sessionId: reg.body.sessionid as string, code: mail.code };
}

/** A confirmed learner (Cognito user and table item), as after the sign-up screens. */
export async function learner(nombre = 'Lucía') {
  const reg = await registered(nombre);
  const conf = await invoke('POST /auth/confirm', { body: { username: reg.userId, code: reg.code, email: reg.email, sessionId: reg.sessionId } });
  if (conf.status !== 200) throw new Error(`confirm answered ${conf.status}: ${JSON.stringify(conf.body)}`);
  return { email: reg.email, userId: reg.userId, tokens: conf.body.tokens as { accessToken: string; refreshToken: string; idToken: string } };
}

/**
 * Polls GET /jobs/{id} until the job leaves `en_proceso`. A bound, not a pace: 110 s, so a file that gives
 * a course generation 120 s (most do) gets them under load; with jest's 60 s default the test's own
 * timeout answers first, as before. handlers/mastery-decay failed once at 73 s under load 17–19.
 */
export async function finishedJob(userId: string, jobId: string, ms = 110_000) {
  const until = Date.now() + ms;
  for (;;) {
    const job = await invoke('GET /jobs/{id}', { userId, params: { id: jobId } });
    if (job.body?.data?.status && job.body.data.status !== 'en_proceso') return job.body.data as { status: string };
    if (Date.now() > until) throw new Error(`job ${jobId} still running: ${JSON.stringify(job.body)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export const smallCourse = { topic: 'Python para análisis de datos', level: 'principiante', modulos: 2, leccionesPorModulo: 2 };

/** Starts a course through POST /courses/plan; answers its ids without waiting for it. */
export async function startedCourse(userId: string, body: Record<string, unknown> = smallCourse) {
  const plan = await invoke('POST /courses/plan', { userId, body });
  if (plan.status !== 200) throw new Error(`plan answered ${plan.status}: ${JSON.stringify(plan.body)}`);
  return { courseId: plan.body.curso.courseId as string, jobId: plan.body.jobId as string };
}

/** A learner's course generated to the end by the local pipeline (the offline writer). */
export async function generatedCourse(userId: string, body: Record<string, unknown> = smallCourse) {
  const course = await startedCourse(userId, body);
  const job = await finishedJob(userId, course.jobId);
  if (job.status !== 'completado') throw new Error(`course generation ended ${JSON.stringify(job)}`);
  return course;
}

/** A generated course whose generation is then recorded as failed, as the pipeline's error path leaves it. */
export async function failedCourse(userId: string) {
  const course = await generatedCourse(userId);
  const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
  const { documentClient } = await import('../../lambdas/shared/clients');
  const { courseKey } = await import('../../lambdas/course-model/course-keys');
  await documentClient().send(
    new UpdateCommand({
      TableName: process.env.TABLE_NAME,
      Key: courseKey(userId, course.courseId),
      UpdateExpression: 'SET estado = :e, #err = :m',
      ExpressionAttributeNames: { '#err': 'error' },
      ExpressionAttributeValues: { ':e': 'error', ':m': 'No pudimos terminar de generar tu curso.' },
    }),
  );
  return course;
}

/** A confirmed learner on the premium plan, as the Stripe webhook leaves one after a payment. */
export async function premiumLearner(nombre = 'Elena') {
  const who = await learner(nombre);
  const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
  const { documentClient } = await import('../../lambdas/shared/clients');
  const { userPk } = await import('../../lambdas/shared/table');
  await documentClient().send(
    new UpdateCommand({ TableName: process.env.TABLE_NAME, Key: { pk: userPk(who.userId), sk: 'PROFILE' }, UpdateExpression: 'SET #plan = :p', ExpressionAttributeNames: { '#plan': 'plan' }, ExpressionAttributeValues: { ':p': { nombre: 'premium' } } }),
  );
  return who;
}
