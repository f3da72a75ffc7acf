import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { RETRY_MESSAGES, NOTA_NOT_FOUND } from '../../lambdas/aulas/lms-view';
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

let platform: TestPlatform;
let reg: Registration;
let teacher: { userId: string; aulaId: string };
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
  return { userId: res.body.user.id as string, sub, copy };
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
async function settled(userId: string, count = 1) {
  const until = Date.now() + 90_000;
  for (;;) {
    const mine = ((await lmsView()).body.data.notas as { userId: string; estado: string }[]).filter((n) => n.userId === userId);
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
  teacher = { userId: teacherId, aulaId };
  await documentClient().send(new UpdateCommand({ TableName: process.env.TABLE_NAME, Key: { pk: userPk(teacherId), sk: 'PROFILE' }, UpdateExpression: 'SET #plan = :p', ExpressionAttributeNames: { '#plan': 'plan' }, ExpressionAttributeValues: { ':p': { nombre: 'premium' } } }));
  ({ courseId } = await generatedCourse(teacherId));
  const assigned = await invoke('PUT /aulas/{id}/asignaciones', { userId: teacherId, params: { id: aulaId }, body: { cursos: [courseId] } });
  if (assigned.status !== 200) throw new Error(`assign answered ${assigned.status}: ${JSON.stringify(assigned.body)}`);
  // A launch of the module's link, so the aula knows that line item too.
  const again = await enter(await launchTicket(platform, reg, { ...person(teacherSub, [ROLE.instructor], CONTEXT, 'Profesora Marta'), ...moduleLink() }));
  if (again.body.destino !== `/aulas/${aulaId}`) throw new Error(`the teacher's second launch landed on ${again.body.destino}`);
}, 240_000);
afterAll(() => platform.close());
afterEach(() => {
  platform.behaviour.token = 'ok';
  platform.behaviour.scoreFailuresAfterRecording = 0;
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
    expect(byLine['curso/lineitem']).toMatchObject({ userId: learner.sub, scoreGiven: 50, scoreMaximum: 100, activityProgress: 'InProgress', gradingProgress: 'FullyGraded' });
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
});
