import type { Grounding } from '../../../lambdas/grounding';
import type { GroundPassage } from '../../../lambdas/shared/ai/citations';
import type { StreamingModel } from '../../../lambdas/shared/ai/converse-stream';
import { streamTutorChat, type TutorEvent } from '../../../lambdas/tutor/stream-chat';
import { chatWithTutor } from '../../../lambdas/tutor/use-cases';
import { course, fakeCourses, scriptedModel, tutorDeps } from './fakes';

// Issue 24: on a course built from the learner's materials the tutor is given the passages closest
// to the message, cites them with [n], and carries `fuentes`, kept only where the quote is in its
// passage (a forged one is dropped with its mark), on the JSON path and at the end of the stream.

const PASAJES: GroundPassage[] = [
  { n: 1, materialId: 'mat1', titulo: 'Apuntes', pagina: 2, texto: 'Un vector libre se suma con la regla del triángulo.' },
  { n: 2, materialId: 'mat1', titulo: 'Apuntes', pagina: 5, texto: 'El módulo de un vector es su longitud.' },
];
const asked: string[] = [];
const grounding: Grounding = {
  passages: async (_u, materiales, question) => {
    asked.push(`${materiales.map((m) => m.materialId).join()}|${question}`);
    return PASAJES;
  },
  digest: async () => [],
};
const grounded = () => fakeCourses(course({ materiales: [{ materialId: 'mat1', titulo: 'Apuntes' }] }));
const REPLY = 'La longitud es el módulo [2]. Se suma con un cuadrado [1].';
const CITAS = [{ n: 2, cita: 'El módulo de un vector es su longitud' }, { n: 1, cita: 'se suma con un cuadrado' }];

test('JSON path: the passages go to the model, a forged cita is dropped with its mark, the rest numbered 1..k', async () => {
  const m = scriptedModel({ respuesta: REPLY, fuentes: CITAS });
  const t = tutorDeps(m.model);
  const answer = await chatWithTutor({ ...t.deps, courses: grounded(), grounding }, 'ana', { courseId: 'c1', message: '¿Qué es el módulo?' });
  expect(asked.at(-1)).toBe('mat1|¿Qué es el módulo?');
  expect(m.calls[0].material).toEqual({ pasajes: PASAJES.map((p) => ({ n: p.n, material: p.titulo, pagina: p.pagina, texto: p.texto })) });
  expect(answer.respuesta).toBe('La longitud es el módulo [1]. Se suma con un cuadrado.');
  expect(answer.fuentes).toEqual([{ n: 1, materialId: 'mat1', titulo: 'Apuntes', pagina: 5, cita: 'El módulo de un vector es su longitud' }]);
  expect([...t.conversations.values()][0].turnos.at(-1)).toMatchObject({ rol: 'tutor', fuentes: answer.fuentes });
});

test('a course without materials sends no material and answers no fuentes', async () => {
  const m = scriptedModel({ respuesta: 'Sin fuentes.' });
  const t = tutorDeps(m.model);
  const answer = await chatWithTutor({ ...t.deps, grounding }, 'ana', { courseId: 'c1', message: '¿Qué es el módulo?' });
  expect(m.calls[0].material).toBeUndefined();
  expect(answer.fuentes).toBeUndefined();
});

test('streamed: the sources come with the done event, checked the same way', async () => {
  const stream = (async (_spec, _data, options) => {
    options.onText(REPLY);
    return { value: { respuesta: REPLY, tipo: 'explicacion', sugerencias: [], fuentes: CITAS }, text: REPLY, usage: { inputTokens: 1, outputTokens: 1 }, modelId: 'm', promptVersion: 'tutor-v2', stopped: false };
  }) as StreamingModel;
  const t = tutorDeps(scriptedModel({ revela: false, preguntas: [] } as never).model);
  const events: TutorEvent[] = [];
  await streamTutorChat({ ...t.deps, courses: grounded(), grounding, stream }, 'ana', { courseId: 'c1', message: '¿Qué es el módulo?' }, (e) => events.push(e));
  const done = events.at(-1) as Extract<TutorEvent, { type: 'done' }>;
  expect(done.type).toBe('done');
  expect(done.data.respuesta).toBe('La longitud es el módulo [1]. Se suma con un cuadrado.');
  expect(done.data.fuentes).toEqual([{ n: 1, materialId: 'mat1', titulo: 'Apuntes', pagina: 5, cita: 'El módulo de un vector es su longitud' }]);
});
