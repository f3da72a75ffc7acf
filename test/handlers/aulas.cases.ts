import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { INVITE_ALPHABET, SHARED_WITH_TEACHER } from '../../lambdas/contract';
import { documentClient } from '../../lambdas/shared/clients';
import { dynamoLmsGrades } from '../../lambdas/lms-grades';
import { rightOfflineOption, wrongOfflineOption } from '../integration/courses/support/courses';
import { invoke } from '../support/invoke';
import { generatedCourse, learner, premiumLearner } from '../support/learners';
import type { GroupCases } from '../support/route-cases';

// Aulas (issue 25, docs/aulas.md) called in process against the local stack. The attacker first
// (aulas.test.ts runs `refusals` before the routes): every refusal is a Spanish 4xx that writes nothing.

export const NOT_FOUND = { status: 404, body: { success: false, message: 'No encontramos esa aula.' } };
const CODE = new RegExp(`^[${INVITE_ALPHABET}]{8}$`);

type Who = { userId: string };
/** A premium teacher with one written course (offline writer) and an aula that studies it. */
export async function classroom(nombre = 'Profesora Marta') {
  const teacher = await premiumLearner(nombre);
  const { courseId } = await generatedCourse(teacher.userId);
  const aula = (await invoke('POST /aulas', { userId: teacher.userId, body: { nombre: 'Biología 3.º B' } })).body.data;
  const assigned = await invoke('PUT /aulas/{id}/asignaciones', { userId: teacher.userId, params: { id: aula.aulaId }, body: { cursos: [courseId] } });
  if (assigned.status !== 200) throw new Error(`assign answered ${assigned.status}: ${JSON.stringify(assigned.body)}`);
  return { teacher, courseId, aulaId: aula.aulaId as string, codigo: aula.codigo as string };
}

export async function joined(who: Who, codigo: string) {
  const res = await invoke('POST /aulas/join', { userId: who.userId, body: { codigo } });
  if (res.status !== 201) throw new Error(`join answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.data as { aulaId: string; cursos: { courseId: string; miCurso?: string }[] };
}

/** Answers the copy's first module evaluation: every question right, or every one wrong. */
export async function answerModule(who: Who, courseId: string, right: boolean) {
  const ev = await invoke('POST /evaluacion/generate', { userId: who.userId, body: { courseId, moduleId: 'm01' } });
  if (ev.status !== 200) throw new Error(`evaluation answered ${ev.status}: ${JSON.stringify(ev.body)}`);
  const answers = ev.body.data.preguntas.map((q: any) => ({ preguntaId: q.preguntaId, opcion: right ? rightOfflineOption(q.opciones) : wrongOfflineOption(q.opciones) }));
  return invoke('POST /courses/{id}/modules/{moduleId}/evaluation', { userId: who.userId, params: { id: courseId, moduleId: 'm01' }, body: { answers } });
}

export const setMaxMembers = (aulaId: string, max: number) =>
  documentClient().send(new UpdateCommand({ TableName: process.env.TABLE_NAME, Key: { pk: `AULA#${aulaId}`, sk: 'AULA' }, UpdateExpression: 'SET maxMiembros = :m', ExpressionAttributeValues: { ':m': max } }));

export const cases: GroupCases = {
  'POST /aulas': {
    badBody: { body: { nombre: '   ' }, message: 'El nombre del aula es obligatorio' },
    success: [
      'opens an aula for a premium teacher with an unambiguous 8-letter code and its join link',
      async () => {
        const teacher = await premiumLearner('Profesor Iván');
        const res = await invoke('POST /aulas', { userId: teacher.userId, body: { nombre: 'Matemáticas 2.º A' } });
        expect(res).toMatchObject({ status: 201, body: { data: { nombre: 'Matemáticas 2.º A', miembros: 0, maxMiembros: 30, cursos: [] } } });
        expect(res.body.data.codigo).toMatch(CODE);
        expect(res.body.data.enlace).toBe(`/aulas/unirse/${res.body.data.codigo}`);
      },
    ],
  },
  'GET /aulas': {
    success: [
      'lists the aulas the learner teaches and, apart, the ones they are in with their own copies',
      async () => {
        const { teacher, aulaId, codigo, courseId } = await classroom();
        const ana = await learner('Ana');
        const mine = await joined(ana, codigo);
        const asMember = (await invoke('GET /aulas', { userId: ana.userId })).body.data;
        expect(asMember.comoProfesor).toEqual([]);
        expect(asMember.comoMiembro).toEqual([expect.objectContaining({ aulaId, profesor: 'Profesora Marta', cursos: [expect.objectContaining({ courseId, miCurso: mine.cursos[0].miCurso })] })]);
        const asTeacher = (await invoke('GET /aulas', { userId: teacher.userId })).body.data;
        expect(asTeacher.comoProfesor).toEqual([expect.objectContaining({ aulaId, miembros: 1 })]);
      },
    ],
  },
  'DELETE /aulas/{id}': {
    success: [
      'deletes the aula and its code; each member keeps their copy of the course',
      async () => {
        const { teacher, aulaId, codigo } = await classroom();
        const ana = await learner('Ana');
        const copy = (await joined(ana, codigo)).cursos[0].miCurso!;
        const res = await invoke('DELETE /aulas/{id}', { userId: teacher.userId, params: { id: aulaId } });
        expect(res).toMatchObject({ status: 200, body: { success: true } });
        expect((await invoke('GET /aulas', { userId: ana.userId })).body.data.comoMiembro).toEqual([]);
        expect((await invoke('GET /aulas/invitacion/{code}', { userId: ana.userId, params: { code: codigo } })).status).toBe(404);
        expect((await invoke('GET /courses/{id}', { userId: ana.userId, params: { id: copy } })).status).toBe(200);
      },
    ],
  },
  'PUT /aulas/{id}/asignaciones': {
    badBody: { body: { cursos: ['no-es-un-curso'] }, message: 'El curso no es válido' },
    success: [
      "assigns the teacher's own written course, with its modules and lessons",
      async () => {
        const teacher = await premiumLearner('Profesor Iván');
        const { courseId } = await generatedCourse(teacher.userId);
        const { aulaId } = (await invoke('POST /aulas', { userId: teacher.userId, body: { nombre: 'Datos' } })).body.data;
        const res = await invoke('PUT /aulas/{id}/asignaciones', { userId: teacher.userId, params: { id: aulaId }, body: { cursos: [courseId] } });
        expect(res.status).toBe(200);
        expect(res.body.data.cursos).toEqual([expect.objectContaining({ courseId, modulos: [expect.objectContaining({ moduleId: 'm01', lecciones: 2 }), expect.objectContaining({ moduleId: 'm02', lecciones: 2 })] })]);
      },
    ],
  },
  'GET /aulas/invitacion/{code}': {
    success: [
      'shows, before joining, the aula, its teacher, the assigned courses and exactly what the teacher will see',
      async () => {
        const { codigo, aulaId } = await classroom();
        const ana = await learner('Ana');
        const res = await invoke('GET /aulas/invitacion/{code}', { userId: ana.userId, params: { code: codigo.toLowerCase() } });
        expect(res).toMatchObject({ status: 200, body: { data: { aulaId, nombre: 'Biología 3.º B', profesor: 'Profesora Marta', completa: false, yaEresMiembro: false } } });
        expect(res.body.data.compartes).toEqual([...SHARED_WITH_TEACHER]);
        expect(res.body.data.cursos).toHaveLength(1);
        // A preview joins nobody.
        expect((await invoke('GET /aulas', { userId: ana.userId })).body.data.comoMiembro).toEqual([]);
      },
    ],
  },
  'POST /aulas/join': {
    badBody: { body: { codigo: 'abc' }, message: 'El código de invitación no es válido: son 8 letras y números.' },
    success: [
      'joins with the code and gets an own copy of each assigned course: written, no progress, its own evaluation',
      async () => {
        const { codigo, courseId, aulaId } = await classroom();
        const ana = await learner('Ana');
        const res = await invoke('POST /aulas/join', { userId: ana.userId, body: { codigo } });
        expect(res).toMatchObject({ status: 201, body: { data: { aulaId } } });
        const copy = res.body.data.cursos[0].miCurso;
        expect(copy).toBeDefined();
        expect(copy).not.toBe(courseId);
        const detail = (await invoke('GET /courses/{id}', { userId: ana.userId, params: { id: copy } })).body.data;
        expect(detail).toMatchObject({ estado: 'listo', progreso: { completadas: 0 } });
        expect(detail.modulos[0].lecciones[0].contenido).toEqual(expect.any(String));
        expect((await answerModule(ana, copy, true)).status).toBe(200);
      },
    ],
  },
  'DELETE /aulas/{id}/membership': {
    success: [
      "leaves the aula: the teacher's view of the learner ends at once",
      async () => {
        const { teacher, codigo, aulaId } = await classroom();
        const ana = await learner('Ana');
        await joined(ana, codigo);
        const res = await invoke('DELETE /aulas/{id}/membership', { userId: ana.userId, params: { id: aulaId } });
        expect(res).toMatchObject({ status: 200, body: { success: true } });
        expect(await invoke('GET /aulas/{id}/miembros/{userId}', { userId: teacher.userId, params: { id: aulaId, userId: ana.userId } }))
          .toMatchObject({ status: 404, body: { message: 'No encontramos a ese miembro en el aula.' } });
        expect((await invoke('GET /aulas/{id}/grupo', { userId: teacher.userId, params: { id: aulaId } })).body.data).toMatchObject({ miembros: [], aula: { miembros: 0 } });
      },
    ],
  },
  'POST /aulas/{id}/copias': {
    success: [
      'copies a course assigned after the member joined',
      async () => {
        const { teacher, codigo, aulaId, courseId } = await classroom();
        const ana = await learner('Ana');
        await joined(ana, codigo);
        const second = await generatedCourse(teacher.userId, { topic: 'Historia de Roma', level: 'principiante', modulos: 2, leccionesPorModulo: 2 });
        await invoke('PUT /aulas/{id}/asignaciones', { userId: teacher.userId, params: { id: aulaId }, body: { cursos: [courseId, second.courseId] } });
        const res = await invoke('POST /aulas/{id}/copias', { userId: ana.userId, params: { id: aulaId } });
        expect(res.status).toBe(200);
        expect(res.body.data.cursos.map((c: { miCurso?: string }) => Boolean(c.miCurso))).toEqual([true, true]);
      },
    ],
  },
  'GET /aulas/{id}/grupo': {
    success: [
      "shows each member's progress per module, evaluation results, who is behind and the questions the group misses",
      async () => {
        const { teacher, codigo, aulaId } = await classroom();
        const [ana, beto] = [await learner('Ana'), await learner('Beto')];
        const anaCopy = (await joined(ana, codigo)).cursos[0].miCurso!;
        await joined(beto, codigo);
        await invoke('POST /courses/{id}/progress', { userId: ana.userId, params: { id: anaCopy }, body: { moduleId: 'm01', lessonId: 'l01', estado: 'completado' } });
        await invoke('POST /courses/{id}/progress', { userId: ana.userId, params: { id: anaCopy }, body: { moduleId: 'm01', lessonId: 'l02', estado: 'completado' } });
        await answerModule(ana, anaCopy, false);
        const res = await invoke('GET /aulas/{id}/grupo', { userId: teacher.userId, params: { id: aulaId } });
        expect(res.status).toBe(200);
        const [first, second] = res.body.data.miembros;
        expect(first).toMatchObject({ nombre: 'Ana', progreso: { completadas: 2, total: 4 }, rezagado: false });
        expect(first.cursos[0].modulos[0]).toMatchObject({ progreso: { completadas: 2, total: 2 }, evaluacion: { intentos: 1, aprobado: false } });
        expect(second).toMatchObject({ nombre: 'Beto', progreso: { completadas: 0 }, rezagado: true });
        expect(res.body.data.preguntasMasFalladas.length).toBeGreaterThan(0);
        expect(res.body.data.preguntasMasFalladas[0]).toMatchObject({ moduleId: 'm01', fallos: 1, respuestas: 1 });
        // Stems only: the teacher's page never carries a key.
        expect(JSON.stringify(res.body)).not.toMatch(/"correcta"|"explicacion"/);
      },
    ],
  },
  'GET /aulas/{id}/miembros/{userId}': {
    success: [
      "answers one member's courses to the aula's teacher",
      async () => {
        const { teacher, codigo, aulaId } = await classroom();
        const ana = await learner('Ana');
        await joined(ana, codigo);
        const res = await invoke('GET /aulas/{id}/miembros/{userId}', { userId: teacher.userId, params: { id: aulaId, userId: ana.userId } });
        expect(res).toMatchObject({ status: 200, body: { data: { userId: ana.userId, nombre: 'Ana', cursos: [expect.objectContaining({ estado: 'sin_empezar' })] } } });
      },
    ],
  },
  // Issue 45 item 4 (docs/lti.md "Grades"); test/handlers/lti-grades.test.ts walks the whole flow against an LMS.
  'GET /aulas/{id}/lms': {
    success: [
      'answers the scores an aula sends to its LMS, to its teacher (none for an aula no LMS launched)',
      async () => {
        const teacher = await premiumLearner('Profesora Inés');
        const aula = (await invoke('POST /aulas', { userId: teacher.userId, body: { nombre: 'Química 1.º A' } })).body.data;
        expect(await invoke('GET /aulas/{id}/lms', { userId: teacher.userId, params: { id: aula.aulaId } })).toMatchObject({ status: 200, body: { data: { conNotas: false, notas: [], lista: { disponible: false, miembros: [] } } } });
      },
    ],
  },
  'POST /aulas/{id}/lms/reintentar': {
    badBody: { body: { nota: 'cualquier-cosa' }, message: 'Esa nota no es de esta aula.' },
    success: [
      'answers a score already sent as it is, and sends nothing again',
      async () => {
        const teacher = await premiumLearner('Profesora Inés');
        const aula = (await invoke('POST /aulas', { userId: teacher.userId, body: { nombre: 'Química 1.º A' } })).body.data;
        const nota = `${crypto.randomUUID()}#${'a'.repeat(16)}#${crypto.randomUUID()}#m01#1`;
        await dynamoLmsGrades(documentClient(), process.env.TABLE_NAME!).enqueue(aula.aulaId, {
          nota, userId: crypto.randomUUID(), sub: 'sub-1', issuer: 'https://lms.example', clientId: 'c-1', lineitem: 'https://lms.example/li/1/lineitem', resourceLinkId: 'rl-1',
          moduloId: 'm01', scoreGiven: 80, scoreMaximum: 100, activityProgress: 'Completed', gradingProgress: 'FullyGraded', timestamp: new Date().toISOString(),
          estado: 'enviada', ronda: 0, creadaEn: new Date().toISOString(), enviadaEn: new Date().toISOString(),
        });
        const res = await invoke('POST /aulas/{id}/lms/reintentar', { userId: teacher.userId, params: { id: aula.aulaId }, body: { nota } });
        expect(res).toMatchObject({ status: 200, body: { message: 'Esa nota ya llegó al LMS: no se envía otra vez.', data: { nota, estado: 'enviada', puntos: 80, maximo: 100, actividad: 'Evaluación del módulo' } } });
      },
    ],
  },
};
