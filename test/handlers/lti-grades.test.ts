import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { RETRY_MESSAGES, NOTA_NOT_FOUND } from '../../lambdas/aulas/lms-view';
import { forgetLearner } from '../../lambdas/aulas';
import { dynamoGradeErasure, dynamoLmsGrades, stepFunctionsScoreJobs, STUCK_AFTER_MS, STUCK_REASON, type LmsScore } from '../../lambdas/lms-grades';
import { accountKeyOf } from '../../lambdas/lti/lti-items';
import { courseKey } from '../../lambdas/course-model/course-keys';
import { linkKey, scoreId } from '../../lambdas/lms-grades/grade-items';
import { stepFunctionsClient } from '../../lambdas/shared/step-functions';
import { documentClient } from '../../lambdas/shared/clients';
import { userPk } from '../../lambdas/shared/table';
import { rightOfflineOption, wrongOfflineOption } from '../integration/courses/support/courses';
import { invoke } from '../support/invoke';
import { finishedJob, generatedCourse } from '../support/learners';
import { enter, launchTicket, person, ROLE, site, type Registration } from '../support/lti-flow';
import { startPlatform, type TestPlatform } from '../support/lti-platform';

// Issue 45 item 4, grades flow back (docs/lti.md "Grades"), the attacker's tests first. An LMS-side platform on
// jose (test/support/lti-platform.ts) issues tokens only for a client assertion that verifies against Mentora's
// published JWKS, and keeps a gradebook as AGS 2.0 describes it (one result per line item and user, the latest
// by timestamp). A learner's graded attempt in the LMS course's aula queues a score; the lms-scores state
// machine (the local Step Functions runner, real ASL backoff) posts it. Waits are bounds, not paces.

const AGS = 'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint';
const RESOURCE_LINK = 'https://purl.imsglobal.org/spec/lti/claim/resource_link';
const TARGET = 'https://purl.imsglobal.org/spec/lti/claim/target_link_uri';
const CONTEXT_CLAIM = 'https://purl.imsglobal.org/spec/lti/claim/context';

let platform: TestPlatform;
let reg: Registration;
let teacher: { userId: string; aulaId: string; sub: string };
let courseId: string;
const CONTEXT = `ctx-${crypto.randomUUID()}`;

/** The course-wide link's claims, and one link that grades module m01 only (its target names the module). */
const courseLink = () => ({ [AGS]: platform.agsClaim(CONTEXT, 'curso') });
const moduleLink = () => ({ [AGS]: platform.agsClaim(CONTEXT, 'm01'), [RESOURCE_LINK]: { id: 'enlace-m01', title: 'Evaluación 1' }, [TARGET]: `${site()}/lti/actividad?curso=${courseId}&modulo=m01` });

async function registerWithServices(): Promise<Registration> {
  const r = { issuer: `${platform.url}/${crypto.randomUUID()}`, clientId: crypto.randomUUID(), deploymentId: 'd-1', ownerId: crypto.randomUUID() };
  const res = await invoke('POST /lti/plataformas', {
    userId: r.ownerId,
    body: { issuer: r.issuer, clientId: r.clientId, authUrl: `${platform.url}/auth`, jwksUrl: platform.jwksUrl, tokenUrl: platform.tokenUrl, deployments: [r.deploymentId] },
  });
  if (res.status !== 201) throw new Error(`registration answered ${res.status}`);
  return r;
}

/** A learner's launch (the course-wide link unless `over` says otherwise): their account, and their copy of the course. */
async function learnerLaunch(over: Record<string, unknown> = courseLink(), sub = crypto.randomUUID()) {
  const res = await enter(await launchTicket(platform, reg, { ...person(sub, [ROLE.learner], CONTEXT, 'Ana Pérez'), ...over }));
  if (res.status !== 200) throw new Error(`learner launch answered ${res.status} ${JSON.stringify(res.body)}`);
  const copy = /^\/course\/([^?]+)/.exec(res.body.destino)?.[1];
  if (!copy) throw new Error(`the learner landed on ${res.body.destino}`);
  return { userId: res.body.user.id as string, email: res.body.user.email as string, sub, copy };
}

/** The copy's evaluation of m01 (its bank written first by a job when the copy has none yet). */
async function drawEvaluation(who: { userId: string }, courseId: string) {
  let ev = await invoke('POST /evaluacion/generate', { userId: who.userId, body: { courseId, moduleId: 'm01' } });
  if (ev.status === 202) {
    await finishedJob(who.userId, ev.body.jobId);
    ev = await invoke('POST /evaluacion/generate', { userId: who.userId, body: { courseId, moduleId: 'm01' } });
  }
  if (ev.status !== 200) throw new Error(`evaluation answered ${ev.status}: ${JSON.stringify(ev.body)}`);
  return ev.body.data.preguntas as { preguntaId: string; opciones: Parameters<typeof rightOfflineOption>[0] }[];
}
const answersTo = (preguntas: { preguntaId: string; opciones: Parameters<typeof rightOfflineOption>[0] }[], right: boolean) =>
  preguntas.map((q) => ({ preguntaId: q.preguntaId, opcion: right ? rightOfflineOption(q.opciones) : wrongOfflineOption(q.opciones) }));
async function answerModule(who: { userId: string }, courseId: string, right: boolean) {
  const answers = answersTo(await drawEvaluation(who, courseId), right);
  return invoke('POST /courses/{id}/modules/{moduleId}/evaluation', { userId: who.userId, params: { id: courseId, moduleId: 'm01' }, body: { answers } });
}

const lmsView = (userId = teacher.userId, aulaId = teacher.aulaId) => invoke('GET /aulas/{id}/lms', { userId, params: { id: aulaId } });
const retry = (nota: string, userId = teacher.userId, aulaId = teacher.aulaId) => invoke('POST /aulas/{id}/lms/reintentar', { userId, params: { id: aulaId }, body: { nota } });

/** The learner's scores in the teacher's view once none is pending (a bound of 90 s: the job's backoff is real). */
async function settled(userId: string, count = 1, aulaId = teacher.aulaId) {
  const until = Date.now() + 90_000;
  for (;;) {
    const mine = ((await lmsView(teacher.userId, aulaId)).body.data.notas as { userId: string; estado: string }[]).filter((n) => n.userId === userId);
    if (mine.length >= count && mine.every((n) => n.estado !== 'pendiente')) return mine as any[];
    if (Date.now() > until) throw new Error(`scores still pending: ${JSON.stringify(mine)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
const posted = (sub: string) => platform.scorePosts.filter((p) => p.userId === sub);
const results = (sub: string) => [...platform.gradebook.values()].filter((r) => r.userId === sub);

beforeAll(async () => {
  platform = await startPlatform({ toolJwks: async () => (await invoke('GET /lti/jwks')).body });
  reg = await registerWithServices();
  // The teacher's launch (Instructor of the course) makes the aula; their course is assigned to it.
  const teacherSub = crypto.randomUUID();
  const t = await enter(await launchTicket(platform, reg, { ...person(teacherSub, [ROLE.instructor], CONTEXT, 'Profesora Marta'), ...courseLink() }));
  const teacherId = t.body.user.id as string;
  const aulaId = /^\/aulas\/(.+)$/.exec(t.body.destino)![1];
  teacher = { userId: teacherId, aulaId, sub: teacherSub };
  await documentClient().send(new UpdateCommand({ TableName: process.env.TABLE_NAME, Key: { pk: userPk(teacherId), sk: 'PROFILE' }, UpdateExpression: 'SET #plan = :p', ExpressionAttributeNames: { '#plan': 'plan' }, ExpressionAttributeValues: { ':p': { nombre: 'premium' } } }));
  ({ courseId } = await generatedCourse(teacherId));
  const assigned = await invoke('PUT /aulas/{id}/asignaciones', { userId: teacherId, params: { id: aulaId }, body: { cursos: [courseId] } });
  if (assigned.status !== 200) throw new Error(`assign answered ${assigned.status}: ${JSON.stringify(assigned.body)}`);
  // The course-wide link launched again now that the aula studies one course: it grades that course. And a launch
  // of the module's link, so the aula knows that line item too.
  await enter(await launchTicket(platform, reg, { ...person(teacherSub, [ROLE.instructor], CONTEXT, 'Profesora Marta'), ...courseLink() }));
  const again = await enter(await launchTicket(platform, reg, { ...person(teacherSub, [ROLE.instructor], CONTEXT, 'Profesora Marta'), ...moduleLink() }));
  if (again.body.destino !== `/aulas/${aulaId}`) throw new Error(`the teacher's second launch landed on ${again.body.destino}`);
}, 240_000);
afterAll(() => platform.close());
afterEach(() => {
  platform.behaviour.token = 'ok';
  platform.behaviour.scoreFailuresAfterRecording = 0;
  platform.behaviour.scoreConflicts = false;
  platform.behaviour.lineItems = 'ok';
});

describe('who may see and retry an aula\'s LMS scores', () => {
  it('a learner of the aula (or a teacher of another aula) reads no score state and retries none: 404, nothing sent', async () => {
    const learner = await learnerLaunch();
    expect((await answerModule(learner, learner.copy, true)).status).toBe(200);
    const [score] = await settled(learner.userId);
    const before = platform.scorePosts.length;
    const notFound = { status: 404, body: { success: false, message: 'No encontramos esa aula.' } };
    expect(await lmsView(learner.userId)).toMatchObject(notFound);
    expect(await retry(score.nota, learner.userId)).toMatchObject(notFound);
    // Another LMS course's teacher (their own aula): not this aula's scores.
    const other = await enter(await launchTicket(platform, reg, person(crypto.randomUUID(), [ROLE.instructor], `otro-${crypto.randomUUID()}`)));
    expect(await lmsView(other.body.user.id)).toMatchObject(notFound);
    expect(await retry(score.nota, other.body.user.id)).toMatchObject(notFound);
    // Another aula's score id in this aula's route, or a made-up one: not found.
    expect(await retry(score.nota.replace(/#\d+$/, '#99'))).toMatchObject({ status: 404, body: { message: NOTA_NOT_FOUND } });
    expect(await retry('no-es-una-nota')).toMatchObject({ status: 400, body: { message: NOTA_NOT_FOUND } });
    expect(platform.scorePosts.length).toBe(before);
  });

  it('a line item off the platform\'s site is not trusted with the token: no score goes there', async () => {
    const stray = { [AGS]: { ...platform.agsClaim(CONTEXT, 'x'), lineitem: `http://127.0.0.2:9/context/${CONTEXT}/lineitems/x/lineitem` }, [RESOURCE_LINK]: { id: 'enlace-ajeno' } };
    const learner = await learnerLaunch(stray);
    expect((await answerModule(learner, learner.copy, true)).status).toBe(200);
    const mine = await settled(learner.userId, 2);
    expect(mine.map((n) => n.actividad).sort()).toEqual(['Curso completo', 'Evaluación del módulo']);
    expect(posted(learner.sub).every((p) => !p.lineitem.includes('127.0.0.2'))).toBe(true);
  });
});

describe('a graded attempt\'s score reaches the LMS gradebook', () => {
  it('posts the score (AGS 2.0) with a token the platform issued for Mentora\'s signed assertion', async () => {
    const learner = await learnerLaunch();
    const submitted = await answerModule(learner, learner.copy, true);
    expect(submitted.status).toBe(200);
    const mine = await settled(learner.userId, 2);
    expect(mine.every((n) => n.estado === 'enviada')).toBe(true);
    const byLine = Object.fromEntries(results(learner.sub).map((r) => [r.lineitem.split('/lineitems/')[1], r]));
    // The module's link: the attempt's score out of 100. The course's link: the share of modules passed (1 of 2).
    expect(byLine['m01/lineitem']).toMatchObject({ userId: learner.sub, scoreGiven: submitted.body.data.score, scoreMaximum: 100, activityProgress: 'Completed', gradingProgress: 'FullyGraded' });
    expect(byLine['curso/lineitem']).toMatchObject({ userId: learner.sub, scoreGiven: 50, scoreMaximum: 100, activityProgress: 'InProgress', gradingProgress: 'Pending' });
    expect(Date.parse(byLine['curso/lineitem'].timestamp)).not.toBeNaN();
    // The assertion verified against Mentora's JWKS, for this registration's client id, audience the token URL.
    expect(platform.tokenRequests.some((t) => t.verified && t.clientId === reg.clientId && t.assertionAud === platform.tokenUrl && t.scope === 'https://purl.imsglobal.org/spec/lti-ags/scope/score')).toBe(true);
    // A score already sent: its retry posts nothing.
    const before = posted(learner.sub).length;
    expect(await retry(mine[0].nota)).toMatchObject({ status: 200, body: { message: RETRY_MESSAGES.sent, data: { estado: 'enviada' } } });
    expect(posted(learner.sub).length).toBe(before);
  });

  it('twenty identical submissions at once: one attempt, one score per line item', async () => {
    const learner = await learnerLaunch();
    const answers = answersTo(await drawEvaluation(learner, learner.copy), true);
    const all = await Promise.all(Array.from({ length: 20 }, () => invoke('POST /courses/{id}/modules/{moduleId}/evaluation', { userId: learner.userId, params: { id: learner.copy, moduleId: 'm01' }, body: { answers } })));
    expect(all.filter((a) => a.status === 200)).toHaveLength(1);
    const mine = await settled(learner.userId, 2);
    expect(mine).toHaveLength(2);
    expect(posted(learner.sub)).toHaveLength(2);
  });
});

describe('an LMS course whose aula studies two courses, each with a module m01', () => {
  it('one course\'s m01 grade reaches its own line item only, never the other course\'s m01', async () => {
    // Course B: the teacher's second course, a copy of the first's items under its own id (its modules m01, m02).
    const db = documentClient();
    const items = (await db.send(new QueryCommand({ TableName: process.env.TABLE_NAME, KeyConditionExpression: 'pk = :pk AND begins_with(sk, :c)', ExpressionAttributeValues: { ':pk': userPk(teacher.userId), ':c': `COURSE#${courseId}` } }))).Items!;
    const courseB = crypto.randomUUID();
    for (const item of items) {
      await db.send(new PutCommand({ TableName: process.env.TABLE_NAME, Item: { ...item, sk: (item.sk as string).replace(courseId, courseB), courseId: courseB } }));
    }
    const context = `ctx-dos-${crypto.randomUUID()}`;
    const linkOf = (course: string, name: string) => ({
      [CONTEXT_CLAIM]: { id: context, title: 'Dos cursos' },
      [AGS]: platform.agsClaim(context, name), [RESOURCE_LINK]: { id: `enlace-${name}`, title: name }, [TARGET]: `${site()}/lti/actividad?curso=${course}&modulo=m01`,
    });
    const teach = (link: Record<string, unknown>) => launchTicket(platform, reg, { ...person(teacher.sub, [ROLE.instructor], context, 'Profesora Marta'), ...link }).then((t) => enter(t));
    const first = await teach(linkOf(courseId, 'a-m01'));
    const aulaId = /^\/aulas\/(.+)$/.exec(first.body.destino)![1];
    expect((await invoke('PUT /aulas/{id}/asignaciones', { userId: teacher.userId, params: { id: aulaId }, body: { cursos: [courseId, courseB] } })).status).toBe(200);
    expect((await teach(linkOf(courseB, 'b-m01'))).body.destino).toBe(`/aulas/${aulaId}`);

    // The learner opens B's m01 activity (their copy of B), then A's (their copy of A).
    const sub = crypto.randomUUID();
    const inB = await learnerLaunch(linkOf(courseB, 'b-m01'), sub);
    const inA = await learnerLaunch(linkOf(courseId, 'a-m01'), sub);
    expect(inA.copy).not.toBe(inB.copy);
    const lineOf = (p: { lineitem: string }) => p.lineitem.split('/lineitems/')[1];

    const b = await answerModule(inB, inB.copy, true);
    expect(b.status).toBe(200);
    expect(await settled(inB.userId, 1, aulaId)).toMatchObject([{ estado: 'enviada' }]);
    expect(posted(sub).map(lineOf)).toEqual(['b-m01/lineitem']);
    expect(results(sub)).toMatchObject([{ scoreGiven: b.body.data.score }]);

    expect((await answerModule(inA, inA.copy, false)).status).toBe(200);
    const both = await settled(inA.userId, 2, aulaId);
    expect(both.every((n) => n.estado === 'enviada')).toBe(true);
    expect(posted(sub).map(lineOf).sort()).toEqual(['a-m01/lineitem', 'b-m01/lineitem']);
    // Each line item holds its own course's result.
    expect(results(sub).find((r) => lineOf(r) === 'b-m01/lineitem')).toMatchObject({ scoreGiven: b.body.data.score });
  }, 240_000);
});

describe('a plain LMS link launched while the aula studies several courses', () => {
  it('grades none of them, and the teacher\'s view names it; once the aula studies one course, its next launch binds it', async () => {
    const db = documentClient();
    const items = (await db.send(new QueryCommand({ TableName: process.env.TABLE_NAME, KeyConditionExpression: 'pk = :pk AND begins_with(sk, :c)', ExpressionAttributeValues: { ':pk': userPk(teacher.userId), ':c': `COURSE#${courseId}` } }))).Items!;
    const courseB = crypto.randomUUID();
    for (const item of items) await db.send(new PutCommand({ TableName: process.env.TABLE_NAME, Item: { ...item, sk: (item.sk as string).replace(courseId, courseB), courseId: courseB } }));
    const context = `ctx-varios-${crypto.randomUUID()}`;
    const plain = { [CONTEXT_CLAIM]: { id: context, title: 'Varios cursos' }, [AGS]: platform.agsClaim(context, 'plano'), [RESOURCE_LINK]: { id: 'enlace-plano', title: 'Tarea de la unidad 2' } };
    const teach = async () => enter(await launchTicket(platform, reg, { ...person(teacher.sub, [ROLE.instructor], context, 'Profesora Marta'), ...plain }));
    const aulaId = /^\/aulas\/(.+)$/.exec((await teach()).body.destino)![1];
    const assign = (cursos: string[]) => invoke('PUT /aulas/{id}/asignaciones', { userId: teacher.userId, params: { id: aulaId }, body: { cursos } });
    expect((await assign([courseId, courseB])).status).toBe(200);
    await teach();
    expect((await lmsView(teacher.userId, aulaId)).body.data).toMatchObject({ conNotas: true, sinCurso: [{ actividad: 'Tarea de la unidad 2' }] });
    // It names no course, so no attempt of either course is scored through it (gradesAttempt).
    const link = async () => (await db.send(new GetCommand({ TableName: process.env.TABLE_NAME, Key: linkKey(aulaId, 'enlace-plano'), ConsistentRead: true }))).Item!;
    expect((await link()).cursoId).toBeUndefined();
    // The aula studies one course again: the link's next launch makes it that course's, and the view no longer names it.
    expect((await assign([courseId])).status).toBe(200);
    await teach();
    expect((await lmsView(teacher.userId, aulaId)).body.data.sinCurso).toEqual([]);
    expect((await link()).cursoId).toBe(courseId);
  }, 240_000);
});

describe('a score whose job never started', () => {
  it('pending past the bound reads "error, reintentar"; the teacher\'s retry (twenty at once) sends it once; a recent one is left to its job', async () => {
    const learner = await learnerLaunch(moduleLink());
    const grades = dynamoLmsGrades(documentClient(), process.env.TABLE_NAME!);
    // What the evaluations route wrote before its Lambda died, before StartExecution: the score, pending, and no job.
    const queued = (minutesAgo: number, intento: number): LmsScore => {
      const at = new Date(Date.now() - minutesAgo * 60_000).toISOString();
      return {
        nota: scoreId(learner.userId, 'enlace-m01', `${learner.copy}#m01#${intento}`), userId: learner.userId, sub: learner.sub, issuer: reg.issuer, clientId: reg.clientId,
        lineitem: platform.agsClaim(CONTEXT, 'm01').lineitem, resourceLinkId: 'enlace-m01', moduloId: 'm01', scoreGiven: 70 + intento, scoreMaximum: 100,
        activityProgress: 'Completed', gradingProgress: 'FullyGraded', timestamp: at, estado: 'pendiente', ronda: 0, creadaEn: at,
      };
    };
    const old = queued(STUCK_AFTER_MS / 60_000 + 1, 1);
    const recent = queued(1, 2);
    expect(await grades.enqueue(teacher.aulaId, old)).toBe(true);
    expect(await grades.enqueue(teacher.aulaId, recent)).toBe(true);
    const view = async (nota: string) => ((await lmsView()).body.data.notas as any[]).find((n) => n.nota === nota);
    expect(await view(old.nota)).toMatchObject({ estado: 'error', error: STUCK_REASON });
    expect(await view(recent.nota)).toMatchObject({ estado: 'pendiente' });
    expect((await view(recent.nota)).error).toBeUndefined();

    // A recent pending score may still have its job: its retry starts nothing.
    expect(await retry(recent.nota)).toMatchObject({ status: 200, body: { message: RETRY_MESSAGES.pending, data: { estado: 'pendiente' } } });
    const answers = await Promise.all(Array.from({ length: 20 }, () => retry(old.nota)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(answers.filter((a) => a.body.message === RETRY_MESSAGES.requeued)).toHaveLength(1);
    const until = Date.now() + 90_000;
    while ((await view(old.nota)).estado !== 'enviada') {
      if (Date.now() > until) throw new Error('the stuck score was not sent');
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(posted(learner.sub)).toMatchObject([{ scoreGiven: 71, timestamp: old.timestamp }]);
    expect(await grades.score(teacher.aulaId, recent.nota)).toMatchObject({ estado: 'pendiente', ronda: 0 });
    // Sent: a retry now posts nothing more.
    expect(await retry(old.nota)).toMatchObject({ status: 200, body: { message: RETRY_MESSAGES.sent } });
    expect(posted(learner.sub)).toHaveLength(1);
  }, 180_000);
});

describe('deleting an LMS course\'s aula, or a learner\'s account, leaves none of its grade items', () => {
  const TABLE = () => process.env.TABLE_NAME!;
  const partition = async (pk: string, prefix = '') =>
    ((await documentClient().send(new QueryCommand({ TableName: TABLE(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk }, ConsistentRead: true }))).Items ?? [])
      .filter((i) => (i.sk as string).startsWith(prefix)) as { pk: string; sk: string }[];
  const gradeItems = async (aulaId: string) => (await partition(`AULA#${aulaId}`)).filter((i) => /^LMS(LINK|SUB|SCORE)#/.test(i.sk)).map((i) => i.sk.split('#')[0]);
  /** The table's client, failing every batch or transaction write after the first `ok` of them: a Lambda that dies halfway. */
  const diesAfter = (ok: number) => {
    const db = documentClient();
    let writes = 0;
    const send = (command: { constructor: { name: string } }) => {
      if (/^(BatchWrite|TransactWrite)Command$/.test(command.constructor.name) && ++writes > ok) return Promise.reject(new Error('la Lambda murió a mitad'));
      return (db.send as (c: unknown) => Promise<unknown>)(command);
    };
    return new Proxy(db, { get: (target, prop) => (prop === 'send' ? send : Reflect.get(target, prop)) });
  };

  it('an account deletion takes the learner\'s LMS sub, their scores and their LMS identity; one that dies halfway is finished by its retry', async () => {
    const learner = await learnerLaunch(moduleLink());
    const other = await learnerLaunch(moduleLink());
    expect((await answerModule(learner, learner.copy, true)).status).toBe(200);
    expect((await answerModule(other, other.copy, true)).status).toBe(200);
    await settled(learner.userId, 2);
    await settled(other.userId, 2);
    const mine = async () => (await partition(`AULA#${teacher.aulaId}`)).filter((i) => i.sk === `LMSSUB#${learner.userId}` || i.sk.startsWith(`LMSSCORE#${learner.userId}#`));
    expect(await mine()).toHaveLength(3);
    const items = await partition(userPk(learner.userId));
    expect(items.map((i) => i.sk)).toContain(`LMSAULA#${teacher.aulaId}`);
    // The identity's pointer names its item (LTIACCOUNT#<hash>, outside the partition), which names the account.
    const identity = accountKeyOf(items.find((i) => i.sk.startsWith('LTIACCOUNT#'))!.sk.slice('LTIACCOUNT#'.length));
    expect(await partition(identity.pk)).toMatchObject([{ userId: learner.userId }]);

    // The deletion dies halfway through the aulas' step (the grades gone, the membership not yet): its retry finishes.
    await expect(forgetLearner(diesAfter(1), TABLE(), learner.userId, items)).rejects.toThrow('la Lambda murió a mitad');
    expect(await mine()).toEqual([]);
    expect((await partition(identity.pk)).length).toBe(1);
    expect((await invoke('DELETE /users/me', { userId: learner.userId, body: { confirmacion: learner.email } })).status).toBe(200);
    expect(await mine()).toEqual([]);
    expect(await partition(identity.pk)).toEqual([]);
    expect(await partition(userPk(learner.userId))).toEqual([]);
    // The teacher's view no longer lists them; another learner's scores stay.
    const notas = (await lmsView()).body.data.notas as { userId: string }[];
    expect(notas.some((n) => n.userId === learner.userId)).toBe(false);
    expect(notas.filter((n) => n.userId === other.userId)).toHaveLength(2);
    // The same LMS person launching again gets a new account (the identity was freed), not the deleted one.
    const again = await learnerLaunch(moduleLink(), learner.sub);
    expect(again.userId).not.toBe(learner.userId);
  }, 240_000);

  it('deleting the aula takes its links, roster, learners\' subs (and their pointers) and scores; a deletion that died halfway is finished by the teacher\'s retry', async () => {
    const context = `ctx-borrar-${crypto.randomUUID()}`;
    const link = {
      [CONTEXT_CLAIM]: { id: context, title: 'Curso que se borra' }, [AGS]: platform.agsClaim(context, 'curso'),
      'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice': platform.nrpsClaim(context),
    };
    const t = await enter(await launchTicket(platform, reg, { ...person(teacher.sub, [ROLE.instructor], context, 'Profesora Marta'), ...link }));
    const aulaId = /^\/aulas\/(.+)$/.exec(t.body.destino)![1];
    expect((await invoke('PUT /aulas/{id}/asignaciones', { userId: teacher.userId, params: { id: aulaId }, body: { cursos: [courseId] } })).status).toBe(200);
    const learner = await learnerLaunch(link);
    expect((await answerModule(learner, learner.copy, true)).status).toBe(200);
    await settled(learner.userId, 1, aulaId);
    expect((await gradeItems(aulaId)).sort()).toEqual(['LMSLINK', 'LMSSCORE', 'LMSSUB']);
    // The teacher imported the course's members: where the platform serves them (LMSNRPS) and the list (LMSROSTER).
    expect((await invoke('POST /aulas/{id}/lms/miembros', { userId: teacher.userId, params: { id: aulaId } })).status).toBe(200);
    expect((await partition(`AULA#${aulaId}`)).map((i) => i.sk).filter((sk) => sk.startsWith('LMSNRPS') || sk.startsWith('LMSROSTER')).sort()).toEqual(['LMSNRPS', 'LMSROSTER']);

    // A first deletion died after its first batch of deletes (the aula still there, so its retry finds the rest).
    await expect(dynamoGradeErasure(diesAfter(1), TABLE()).forgetAula(aulaId)).rejects.toThrow('la Lambda murió a mitad');
    expect(await gradeItems(aulaId)).toEqual(['LMSSUB']);
    expect((await invoke('DELETE /aulas/{id}', { userId: teacher.userId, params: { id: aulaId } })).status).toBe(200);
    expect(await partition(`AULA#${aulaId}`)).toEqual([]);
    expect(await partition(userPk(learner.userId), `LMSAULA#${aulaId}`)).toEqual([]);
    // The learner's copy is theirs and stays, as for any aula.
    expect((await invoke('GET /courses/{id}', { userId: learner.userId, params: { id: learner.copy } })).status).toBe(200);
  }, 240_000);
});

describe('a platform that refuses, answers garbage, or fails halfway', () => {
  it('a token endpoint that refuses: "error", nothing in the gradebook; the teacher\'s retry sends it once', async () => {
    platform.behaviour.token = 'refuse';
    const learner = await learnerLaunch({ ...moduleLink() });
    expect((await answerModule(learner, learner.copy, true)).status).toBe(200);
    const failed = await settled(learner.userId, 2);
    expect(failed.every((n) => n.estado === 'error' && /rechazó el token/.test(n.error))).toBe(true);
    expect(results(learner.sub)).toEqual([]);
    platform.behaviour.token = 'ok';
    // Twenty retries at once of one failed score: one goes back to the job, one post.
    const answers = await Promise.all(Array.from({ length: 20 }, () => retry(failed[0].nota)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(answers.filter((a) => a.body.message === RETRY_MESSAGES.requeued)).toHaveLength(1);
    const until = Date.now() + 90_000;
    while ((await lmsView()).body.data.notas.find((n: any) => n.nota === failed[0].nota).estado !== 'enviada') {
      if (Date.now() > until) throw new Error('the retried score was not sent');
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(posted(learner.sub)).toHaveLength(1);
    expect(results(learner.sub)).toHaveLength(1);
  });

  it('a token endpoint that answers garbage: "error" with the reason', async () => {
    platform.behaviour.token = 'garbage';
    const learner = await learnerLaunch();
    expect((await answerModule(learner, learner.copy, false)).status).toBe(200);
    const failed = await settled(learner.userId, 2);
    expect(failed.every((n) => n.estado === 'error' && /no es un token/.test(n.error))).toBe(true);
    expect(posted(learner.sub)).toEqual([]);
  });

  it('a score post that fails halfway (recorded, then 500) is sent again with the same timestamp: one result', async () => {
    platform.behaviour.scoreFailuresAfterRecording = 1;
    const learner = await learnerLaunch(moduleLink());
    expect((await answerModule(learner, learner.copy, true)).status).toBe(200);
    const mine = await settled(learner.userId, 2);
    expect(mine.every((n) => n.estado === 'enviada')).toBe(true);
    // The job retried the one that failed (3 posts for 2 scores), with the attempt's timestamp each time:
    // the gradebook holds one result per line item, not a newer one.
    const posts = posted(learner.sub);
    expect(posts).toHaveLength(3);
    const resent = posts.filter((p) => posts.filter((q) => q.lineitem === p.lineitem).length === 2);
    expect(new Set(resent.map((p) => p.timestamp)).size).toBe(1);
    expect(results(learner.sub)).toHaveLength(2);
  });

  it('the same: a platform that answers the score sent again 409, as Moodle does for a timestamp not after its own, is "enviada"', async () => {
    platform.behaviour.scoreFailuresAfterRecording = 1;
    platform.behaviour.scoreConflicts = true;
    const learner = await learnerLaunch(moduleLink());
    expect((await answerModule(learner, learner.copy, true)).status).toBe(200);
    const mine = await settled(learner.userId, 2);
    // The first post was recorded and its answer lost; the retry finds the grade already there: sent, not an error
    // the teacher's "Reintentar" could never clear.
    expect(mine.map((n) => n.estado)).toEqual(['enviada', 'enviada']);
    expect(posted(learner.sub)).toHaveLength(3);
    expect(results(learner.sub)).toHaveLength(2);
  });
});

describe('a plain LMS link with no line item, on a platform that lets Mentora make it (AGS 2.0 §3.2)', () => {
  const TITLE = 'Economics as a Social Science';
  /**
   * An LMS course of its own whose aula studies the teacher's course, and a plain link (no Deep Linking target) whose
   * launch names the line items container and the lineitem scope but no line item; the teacher launches it.
   */
  async function plainLink(scope?: string[]) {
    const context = `ctx-columna-${crypto.randomUUID()}`;
    const resourceLinkId = `plano-${crypto.randomUUID()}`;
    const claim = { ...platform.agsContainerClaim(context), ...(scope && { scope }) };
    const link = { [CONTEXT_CLAIM]: { id: context, title: TITLE }, [AGS]: claim, [RESOURCE_LINK]: { id: resourceLinkId, title: 'Actividad de Mentora' } };
    const teach = async () => enter(await launchTicket(platform, reg, { ...person(teacher.sub, [ROLE.instructor], context, 'Profesora Marta'), ...link }));
    const aulaId = /^\/aulas\/(.+)$/.exec((await teach()).body.destino)![1];
    expect((await invoke('PUT /aulas/{id}/asignaciones', { userId: teacher.userId, params: { id: aulaId }, body: { cursos: [courseId] } })).status).toBe(200);
    await teach();
    const stored = async () => (await documentClient().send(new GetCommand({ TableName: process.env.TABLE_NAME, Key: linkKey(aulaId, resourceLinkId), ConsistentRead: true }))).Item;
    return { context, resourceLinkId, link, aulaId, stored };
  }
  const requestsOf = (context: string, method: string) => platform.lineItemRequests.filter((r) => r.method === method && r.url.startsWith(`/context/${context}/lineitems`));
  const grades = () => dynamoLmsGrades(documentClient(), process.env.TABLE_NAME!);

  /** `n` scores of `n` learners for the link, queued as the evaluations route queues them (no line item yet), and their jobs started. */
  async function queue(aulaId: string, resourceLinkId: string, n: number) {
    const jobs = stepFunctionsScoreJobs(stepFunctionsClient(), process.env.LMS_SCORES_STATE_MACHINE_ARN!);
    const at = new Date().toISOString();
    const scores: LmsScore[] = Array.from({ length: n }, (_, i) => ({
      nota: scoreId(`aprendiz-${i}`, resourceLinkId, `copia-${i}#m01#1`), userId: `aprendiz-${i}`, sub: `sub-${crypto.randomUUID()}`, issuer: reg.issuer, clientId: reg.clientId,
      columna: { label: TITLE, resourceId: courseId, tag: 'curso', scoreMaximum: 100 }, resourceLinkId, scoreGiven: 50, scoreMaximum: 100,
      activityProgress: 'InProgress', gradingProgress: 'FullyGraded', timestamp: at, estado: 'pendiente', ronda: 0, creadaEn: at,
    }));
    for (const s of scores) expect(await grades().enqueue(aulaId, s)).toBe(true);
    await Promise.all(scores.map((s) => jobs.start(aulaId, s.nota, 0)));
    return scores;
  }
  /** The scores once none is pending (a bound of 120 s: the state machine's backoff is real). */
  async function done(aulaId: string, scores: LmsScore[]) {
    const until = Date.now() + 120_000;
    for (;;) {
      const now = await Promise.all(scores.map((s) => grades().score(aulaId, s.nota)));
      if (now.every((s) => s && s.estado !== 'pendiente')) return now as LmsScore[];
      if (Date.now() > until) throw new Error(`scores still pending: ${JSON.stringify(now.map((s) => s?.estado))}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  it('the score job finds none, makes the column (once), writes it on the link, and the score reaches it; the next learner\'s goes straight there', async () => {
    const plain = await plainLink();
    expect(await plain.stored()).toMatchObject({ lineitems: plain.link[AGS].lineitems, cursoId: courseId });
    expect((await plain.stored())!.lineitem).toBeUndefined();

    const learner = await learnerLaunch(plain.link);
    const submitted = await answerModule(learner, learner.copy, true);
    expect(submitted.status).toBe(200);
    expect(await settled(learner.userId, 1, plain.aulaId)).toMatchObject([{ estado: 'enviada' }]);
    // AGS 2.0 §3.2: the container read first, filtered by the link; then one line item made, as the specification's example.
    const [look] = requestsOf(plain.context, 'GET');
    expect(look).toMatchObject({ authorised: true, accept: 'application/vnd.ims.lis.v2.lineitemcontainer+json' });
    expect(new URL(look.url, 'http://x').searchParams.get('resource_link_id')).toBe(plain.resourceLinkId);
    const made = requestsOf(plain.context, 'POST');
    // Labelled as Deep Linking labels the same activity: the course's title (a module's link: "Evaluación: <module>").
    const course = (await documentClient().send(new GetCommand({ TableName: process.env.TABLE_NAME, Key: courseKey(teacher.userId, courseId) }))).Item!;
    expect(made).toMatchObject([{ authorised: true, contentType: 'application/vnd.ims.lis.v2.lineitem+json', body: { scoreMaximum: 100, label: course.titulo, resourceId: courseId, tag: 'curso', resourceLinkId: plain.resourceLinkId } }]);
    const [column] = platform.lineItems.get(plain.context)!;
    expect((await plain.stored())!).toMatchObject({ lineitem: column.id });
    expect((await plain.stored())!.creandoHasta).toBeUndefined();
    expect(results(learner.sub)).toMatchObject([{ lineitem: column.id, scoreGiven: 50, scoreMaximum: 100, activityProgress: 'InProgress' }]);
    // The token for the column had the lineitem scope (verified against Mentora's JWKS), the score's the score scope.
    expect(platform.tokenRequests.some((t) => t.verified && t.scope === 'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem')).toBe(true);

    const second = await learnerLaunch(plain.link);
    expect((await answerModule(second, second.copy, false)).status).toBe(200);
    expect(await settled(second.userId, 1, plain.aulaId)).toMatchObject([{ estado: 'enviada' }]);
    expect(requestsOf(plain.context, 'POST')).toHaveLength(1);
    expect(requestsOf(plain.context, 'GET')).toHaveLength(1);
    expect(results(second.sub)).toMatchObject([{ lineitem: column.id }]);
  }, 240_000);

  it('a launch that names the container without the lineitem scope binds no link (the platform did not let Mentora make columns)', async () => {
    const plain = await plainLink(['https://purl.imsglobal.org/spec/lti-ags/scope/score']);
    expect(await plain.stored()).toBeUndefined();
  }, 120_000);

  it('twenty scores at once for a link without a column: one column made, every score sent to it', async () => {
    const plain = await plainLink();
    const scores = await queue(plain.aulaId, plain.resourceLinkId, 20);
    const after = await done(plain.aulaId, scores);
    expect(after.map((s) => s.estado)).toEqual(Array(20).fill('enviada'));
    expect(requestsOf(plain.context, 'POST')).toHaveLength(1);
    const [column] = platform.lineItems.get(plain.context)!;
    expect(scores.map((s) => results(s.sub).map((r) => r.lineitem))).toEqual(scores.map(() => [column.id]));
  }, 180_000);

  it('a column Mentora made whose job died before writing it down is found, not made twice', async () => {
    const plain = await plainLink();
    // What the platform holds after a POST whose answer was lost: the column, unknown to the link.
    const lost = { id: `${platform.url}/context/${plain.context}/lineitems/perdida/lineitem`, scoreMaximum: 100, label: TITLE, resourceId: courseId, tag: 'curso', resourceLinkId: plain.resourceLinkId };
    // And another tool's column for the same link, and Mentora's for another link: neither is it.
    platform.lineItems.set(plain.context, [
      { ...lost, id: `${platform.url}/context/${plain.context}/lineitems/otra/lineitem`, resourceId: 'otra-herramienta', tag: 'grade' },
      { ...lost, id: `${platform.url}/context/${plain.context}/lineitems/otro-enlace/lineitem`, resourceLinkId: 'otro-enlace' },
      lost,
    ]);
    const [score] = await done(plain.aulaId, await queue(plain.aulaId, plain.resourceLinkId, 1));
    expect(score.estado).toBe('enviada');
    expect(requestsOf(plain.context, 'POST')).toEqual([]);
    expect(await plain.stored()).toMatchObject({ lineitem: lost.id });
  }, 120_000);

  it('a platform that refuses, or answers garbage: "error" with the reason, no column written on the link, nothing sent; fixed, the retry sends it once', async () => {
    for (const [mode, reason] of [['refuse', /no dejó leer sus columnas/], ['garbage', /no es una columna de notas/], ['noId', /no es una columna de notas/], ['elsewhere', /no es una columna de notas/]] as const) {
      const plain = await plainLink();
      platform.behaviour.lineItems = mode;
      const [failed] = await done(plain.aulaId, await queue(plain.aulaId, plain.resourceLinkId, 1));
      expect(failed).toMatchObject({ estado: 'error', error: expect.stringMatching(reason) });
      expect(results(failed.sub)).toEqual([]);
      const link = await plain.stored();
      expect(link!.lineitem).toBeUndefined();
      expect(link!.creandoHasta).toBeUndefined();
      // The token never went off the platform's site: nothing was posted to the stray column.
      expect(platform.scorePosts.some((p) => p.lineitem.includes('127.0.0.2'))).toBe(false);
      if (mode !== 'garbage') continue;
      platform.behaviour.lineItems = 'ok';
      expect((await retry(failed.nota, teacher.userId, plain.aulaId)).body.message).toBe(RETRY_MESSAGES.requeued);
      const [sent] = await done(plain.aulaId, [failed]);
      expect(sent.estado).toBe('enviada');
      expect(requestsOf(plain.context, 'POST')).toHaveLength(1);
      expect(results(failed.sub)).toHaveLength(1);
    }
  }, 240_000);
});
