import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../../lambdas/shared/clients';
import { wrongOfflineOption } from '../integration/courses/support/courses';
import { invoke } from '../support/invoke';
import { learner } from '../support/learners';
import { classroom, joined } from './aulas.cases';

// Issue 31 item 1 (docs/aulas.md "Copies", docs/evaluations.md "One bank, many accounts"): one copy per
// learner and teacher course, given back on a re-join; each question of the teacher's bank is shown in
// a graded attempt to one account at most, and never one the teacher met in their own attempts.

type Who = { userId: string };
const TableName = () => process.env.TABLE_NAME as string;

async function draw(who: Who, courseId: string) {
  const res = await invoke('POST /evaluacion/generate', { userId: who.userId, body: { courseId, moduleId: 'm01' } });
  return res;
}
async function failOnce(who: Who, courseId: string) {
  const ev = await draw(who, courseId);
  if (ev.status !== 200) throw new Error(`evaluation answered ${ev.status}: ${JSON.stringify(ev.body)}`);
  const ids = ev.body.data.preguntas.map((q: { preguntaId: string }) => q.preguntaId) as string[];
  const answers = ev.body.data.preguntas.map((q: any) => ({ preguntaId: q.preguntaId, opcion: wrongOfflineOption(q.opciones) }));
  const graded = await invoke('POST /courses/{id}/modules/{moduleId}/evaluation', { userId: who.userId, params: { id: courseId, moduleId: 'm01' }, body: { answers } });
  expect(graded.status).toBe(200);
  return ids;
}

it('a re-join gives back the same copy: attempts and met questions stay, no new copy is made', async () => {
  const { codigo, aulaId } = await classroom();
  const ana = await learner('Ana');
  const copy = (await joined(ana, codigo)).cursos[0].miCurso!;
  const met = await failOnce(ana, copy);
  for (let i = 0; i < 3; i++) {
    expect((await invoke('DELETE /aulas/{id}/membership', { userId: ana.userId, params: { id: aulaId } })).status).toBe(200);
    expect((await joined(ana, codigo)).cursos[0].miCurso).toBe(copy);
  }
  const courses = (await invoke('GET /courses/my-courses', { userId: ana.userId })).body.data as { courseId: string }[];
  expect(courses.map((c) => c.courseId)).toEqual([copy]);
  const again = await draw(ana, copy);
  expect(again.body.data.intentosRestantesHoy).toBe(1);
  for (const q of again.body.data.preguntas) expect(met).not.toContain(q.preguntaId);
  const pointer = await documentClient().send(new QueryCommand({
    TableName: TableName(), KeyConditionExpression: 'pk = :pk AND begins_with(sk, :s)', ExpressionAttributeValues: { ':pk': `USER#${ana.userId}`, ':s': 'AULACOPIA#' },
  }));
  expect(pointer.Items).toEqual([expect.objectContaining({ copyId: copy, copias: 1 })]);
}, 120_000);

it('members never share a graded question, and none the teacher met in their own attempts', async () => {
  const { teacher, courseId, codigo } = await classroom();
  const teacherMet = await failOnce(teacher, courseId);
  const [ana, beto] = [await learner('Ana'), await learner('Beto')];
  const anaCopy = (await joined(ana, codigo)).cursos[0].miCurso!;
  const betoCopy = (await joined(beto, codigo)).cursos[0].miCurso!;
  const anaIds = await failOnce(ana, anaCopy);
  const betoFirst = await draw(beto, betoCopy);
  // The teacher's 40-question bank: the teacher met 20 and Ana 20, so Beto's questions are written for Beto.
  expect(betoFirst.status).toBe(202);
  const bank = await documentClient().send(new GetCommand({ TableName: TableName(), Key: { pk: `USER#${teacher.userId}`, sk: `COURSE#${courseId}#E#m01` } }));
  const bankIds = new Set(((bank.Item?.preguntas ?? []) as { preguntaId: string }[]).map((q) => q.preguntaId));
  for (const id of anaIds) {
    expect(teacherMet).not.toContain(id);
    expect(bankIds.has(id)).toBe(true);
  }
  const claims = await documentClient().send(new QueryCommand({ TableName: TableName(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `BANKCLAIMS#${courseId}#m01` } }));
  const ledger = (claims.Items ?? []).map((c) => String(c.sk));
  expect(ledger.filter((sk) => sk.startsWith('Q#')).map((sk) => sk.slice(2)).sort()).toEqual([...anaIds].sort());
  // Each graded stem is claimed as well, so the same words are never graded for a second account.
  expect(ledger.filter((sk) => sk.startsWith('S#'))).toHaveLength(anaIds.length);
  // No learner id is kept in the ledger, which outlives accounts.
  expect(JSON.stringify(claims.Items)).not.toContain(ana.userId);
}, 120_000);
