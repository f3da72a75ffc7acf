import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { table, upgradeAndPay } from '../payments/support';
import { call, signUp } from '../support/api';
import { waitForJob } from '../tutor/course-fixture';
import { plannedDiplomado } from '../support/model-jobs';

// Learner A with one of everything that has an id: a generated course (with an evaluation and
// progress), a diplomado, a conversation with the tutor, a card, a material, an aula, a connection request sent to C.
// Learner B is premium too, so plan checks never answer before ownership does.

export interface OwnerIds {
  userId: string;
  courseId: string;
  moduleId: string;
  jobId: string;
  diplomadoId: string;
  paymentMethodId: string;
  /** Someone A sent a connection request to. */
  contactId: string;
  /** A review card A owns (its id is random: read from A's partition, as only A's GET /review/due would list it). */
  cardId: string;
  /** A material A pasted (issue 24). */
  materialId: string;
  /** An aula A teaches, with A's course assigned (issue 25). */
  aulaId: string;
  /** The `fecha` of the tutor's answer in A's conversation for courseId: it names the answer read aloud (issue 26). */
  tutorFecha: string;
  /** A's LTI platform registration (issue 45, docs/lti.md "Who can register a platform"). */
  ltiPlatformId: string;
}

async function ok(res: Promise<{ status: number; body: any }>, what: string) {
  const answer = await res;
  if (answer.status >= 300) throw new Error(`${what} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

export async function ownerAndStranger() {
  const [a, b, c] = await Promise.all([signUp('Dueña'), signUp('Extraño'), signUp('Contacto')]);
  const owner = a.tokens.accessToken;
  const stranger = b.tokens.accessToken;
  await Promise.all([upgradeAndPay(owner), upgradeAndPay(stranger)]);
  const plan = await ok(call('POST', '/courses/plan', { token: owner, body: { topic: 'Python para análisis de datos', level: 'principiante', modulos: 2, leccionesPorModulo: 2 } }), 'plan');
  const courseId: string = plan.curso.courseId;
  const job = await waitForJob(owner, plan.jobId, 60000);
  if (job.status !== 'completado') throw new Error(`the owner's course failed: ${JSON.stringify(job)}`);
  await ok(call('POST', `/courses/${courseId}/progress`, { token: owner, body: { moduleId: 'm01', lessonId: 'l01', estado: 'completado' } }), 'progress');
  await ok(call('POST', '/evaluacion/generate', { token: owner, body: { courseId, moduleId: 'm01' } }), 'evaluation');
  const tutor = await ok(call('POST', '/ai-tutor/chat', { token: owner, body: { courseId, message: '¿Qué estudia la astronomía?' } }), 'tutor');
  const diplomado = await plannedDiplomado(owner, { topic: 'Cosmología', level: 'intermedio' });
  // Both show their profile in the community (hidden by default): a request needs a visible receiver.
  await ok(call('PUT', '/users/profile', { token: c.tokens.accessToken, body: { intereses: ['Astronomía'], perfilPublico: true } }), 'contact profile');
  await ok(call('PUT', '/users/profile', { token: owner, body: { perfilPublico: true } }), 'owner profile');
  await ok(call('POST', '/social/connections', { token: owner, body: { userId: c.user.id } }), 'connection');
  const material = await ok(call('POST', '/materials', { token: owner, body: { titulo: 'Apuntes de Python', texto: 'Una lista guarda elementos en orden. Un diccionario asocia claves con valores.' } }), 'material');
  const aula = await ok(call('POST', '/aulas', { token: owner, body: { nombre: 'Aula de la dueña' } }), 'aula');
  await ok(call('PUT', `/aulas/${aula.data.aulaId}/asignaciones`, { token: owner, body: { cursos: [courseId] } }), 'assignment');
  const lms = `https://moodle-${crypto.randomUUID()}.escuela.example`;
  const platform = await ok(call('POST', '/lti/plataformas', { token: owner, body: { issuer: lms, clientId: 'dueña', authUrl: `${lms}/mod/lti/auth.php`, jwksUrl: `${lms}/mod/lti/certs.php`, deployments: ['1'] } }), 'lti platform');
  const cards = await ok(call('GET', '/payments/methods', { token: owner }), 'cards');
  const { db, name } = table();
  const reviewCards = await db.send(new QueryCommand({ TableName: name, KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)', ExpressionAttributeValues: { ':pk': `USER#${a.user.id}`, ':sk': 'REVIEW#' }, Limit: 1 }));
  const ids: OwnerIds = {
    userId: a.user.id,
    courseId,
    moduleId: 'm01',
    jobId: plan.jobId,
    diplomadoId: diplomado.diplomadoId,
    paymentMethodId: cards.data[0].id,
    contactId: c.user.id,
    cardId: String(reviewCards.Items?.[0]?.cardId),
    materialId: String(material.data.materialId),
    aulaId: String(aula.data.aulaId),
    tutorFecha: String(tutor.data.fecha),
    ltiPlatformId: String(platform.data.id),
  };
  return { owner, stranger, strangerId: b.user.id as string, ids };
}
