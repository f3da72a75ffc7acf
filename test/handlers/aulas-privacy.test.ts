import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { AUTHOR_SOURCE_TITLE } from '../../lambdas/contract';
import { documentClient } from '../../lambdas/shared/clients';
import { invoke } from '../support/invoke';
import { learner } from '../support/learners';
import { classroom, joined } from './aulas.cases';

// Issue 31 item 4 (docs/aulas.md "The teacher's materials stay the teacher's", "Sharing a copy"): a
// member's copy never names the teacher's material (id or title), a material deleted before the copy
// leaves no quote in it, and a copy is published only when the teacher's aula allows it.

const TableName = () => process.env.TABLE_NAME as string;
const db = () => documentClient();
const PRIVATE_TITLE = 'Diario privado de Marta (historia clínica)';

/** Makes the teacher's first lesson and first question cite `materialId` (as a grounded course's would). */
async function citeMaterial(teacherId: string, courseId: string, materialId: string, exists: boolean) {
  if (exists) {
    await db().send(new PutCommand({ TableName: TableName(), Item: { pk: `USER#${teacherId}`, sk: `MATERIAL#${materialId}`, materialId, titulo: PRIVATE_TITLE, estado: 'listo', origen: 'texto' } }));
  }
  const source = { n: 1, materialId, titulo: PRIVATE_TITLE, pagina: 3, cita: 'una cita literal del material privado' };
  const lessonKey = { pk: `USER#${teacherId}`, sk: `COURSE#${courseId}#L#m01#l01` };
  const lesson = (await db().send(new GetCommand({ TableName: TableName(), Key: lessonKey }))).Item!;
  await db().send(new UpdateCommand({
    TableName: TableName(), Key: lessonKey, UpdateExpression: 'SET fuentes = :f, contenido = :c',
    ExpressionAttributeValues: { ':f': [source], ':c': `${lesson.contenido}\n\nUna afirmación con su fuente [1].` },
  }));
  const bankKey = { pk: `USER#${teacherId}`, sk: `COURSE#${courseId}#E#m01` };
  const bank = (await db().send(new GetCommand({ TableName: TableName(), Key: bankKey }))).Item!;
  const { n: _n, ...material } = source;
  const preguntas = (bank.preguntas as Record<string, unknown>[]).map((q) => ({ ...q, material }));
  await db().send(new UpdateCommand({ TableName: TableName(), Key: bankKey, UpdateExpression: 'SET preguntas = :p', ExpressionAttributeValues: { ':p': preguntas } }));
}

/** Everything stored in the member's copy, as one string. */
async function copyItems(userId: string, copyId: string) {
  const out = await db().send(new QueryCommand({
    TableName: TableName(), KeyConditionExpression: 'pk = :pk AND begins_with(sk, :s)', ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':s': `COURSE#${copyId}` },
  }));
  return out.Items ?? [];
}

it("a copy keeps the teacher's quotes and pages without the material's id or title, in lessons and graded answers", async () => {
  const { teacher, courseId, codigo } = await classroom();
  await citeMaterial(teacher.userId, courseId, 'mat-privado-1', true);
  const ana = await learner('Ana');
  const copy = (await joined(ana, codigo)).cursos[0].miCurso!;
  const stored = JSON.stringify(await copyItems(ana.userId, copy));
  expect(stored).not.toContain('mat-privado-1');
  expect(stored).not.toContain(PRIVATE_TITLE);
  expect(stored).toContain('una cita literal del material privado');
  const lesson = (await copyItems(ana.userId, copy)).find((i) => String(i.sk).endsWith('#L#m01#l01'))!;
  expect(lesson.fuentes).toEqual([expect.objectContaining({ materialId: '', titulo: AUTHOR_SOURCE_TITLE, pagina: 3 })]);
  expect(lesson.contenido).toContain('Una afirmación con su fuente [1].');
  const ev = await invoke('POST /evaluacion/generate', { userId: ana.userId, body: { courseId: copy, moduleId: 'm01' } });
  const answers = ev.body.data.preguntas.map((q: { preguntaId: string }) => ({ preguntaId: q.preguntaId, opcion: 'A' }));
  const graded = await invoke('POST /courses/{id}/modules/{moduleId}/evaluation', { userId: ana.userId, params: { id: copy, moduleId: 'm01' }, body: { answers } });
  expect(graded.status).toBe(200);
  expect(graded.body.data.resultados[0].fuente).toMatchObject({ materialId: '', titulo: AUTHOR_SOURCE_TITLE });
  expect(JSON.stringify(graded.body)).not.toContain(PRIVATE_TITLE);
}, 120_000);

it('a material the teacher deleted before the copy leaves no quote (nor its mark) in the copy', async () => {
  const { teacher, courseId, codigo } = await classroom();
  await citeMaterial(teacher.userId, courseId, 'mat-borrado-1', false);
  const ana = await learner('Ana');
  const copy = (await joined(ana, codigo)).cursos[0].miCurso!;
  const items = await copyItems(ana.userId, copy);
  const stored = JSON.stringify(items);
  expect(stored).not.toContain('una cita literal del material privado');
  expect(stored).not.toContain('mat-borrado-1');
  const lesson = items.find((i) => String(i.sk).endsWith('#L#m01#l01'))!;
  expect(lesson.fuentes).toBeUndefined();
  expect(lesson.contenido).toContain('Una afirmación con su fuente.');
}, 120_000);

it("a member's copy is shared publicly only when the teacher's aula allows it (403 in Spanish, nothing written)", async () => {
  const { teacher, courseId, codigo, aulaId } = await classroom();
  const ana = await learner('Ana');
  const copy = (await joined(ana, codigo)).cursos[0].miCurso!;
  const refused = await invoke('POST /courses/{id}/share', { userId: ana.userId, params: { id: copy } });
  expect(refused).toMatchObject({ status: 403, body: { success: false, message: 'Este curso es una copia de un aula y su profesor no permite compartirlo públicamente.' } });
  const course = (await db().send(new GetCommand({ TableName: TableName(), Key: { pk: `USER#${ana.userId}`, sk: `COURSE#${copy}` } }))).Item!;
  expect(course.compartido).toBeUndefined();
  const allowed = await invoke('PUT /aulas/{id}/asignaciones', { userId: teacher.userId, params: { id: aulaId }, body: { cursos: [courseId], permiteCompartir: true } });
  expect(allowed.body.data.permiteCompartir).toBe(true);
  // An assignment without the setting leaves it as it is.
  const again = await invoke('PUT /aulas/{id}/asignaciones', { userId: teacher.userId, params: { id: aulaId }, body: { cursos: [courseId] } });
  expect(again.body.data.permiteCompartir).toBe(true);
  expect((await invoke('POST /courses/{id}/share', { userId: ana.userId, params: { id: copy } })).status).toBe(200);
  // The teacher's own course is theirs to share, whatever the aula says.
  expect((await invoke('POST /courses/{id}/share', { userId: teacher.userId, params: { id: courseId } })).status).toBe(200);
}, 120_000);

it('a bad permiteCompartir is a Spanish 400', async () => {
  const { teacher, courseId, aulaId } = await classroom();
  const res = await invoke('PUT /aulas/{id}/asignaciones', { userId: teacher.userId, params: { id: aulaId }, body: { cursos: [courseId], permiteCompartir: 'sí' } });
  expect(res).toMatchObject({ status: 400, body: { success: false, message: expect.stringContaining('permiteCompartir') } });
}, 120_000);
