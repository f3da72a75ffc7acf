import { offlineToolInput } from '../../../infra/local/offline-writer';
import type { ObjectiveMastery } from '../../../lambdas/learner-model';
import { FOREIGN_OBJECTIVE, practiceObjective, recentMisconceptions, teachingLesson, weakObjectives } from '../../../lambdas/tutor/learner-focus';
import { course, evaluation } from './fakes';

// What the tutor's prompt says of the learner's learning (issue 32 item 7): bounded, weakest first.

const est = (objectiveKey: string, p: number, evidencias = 2): ObjectiveMastery => ({ objectiveKey, p, incertidumbre: 0, evidencias, aciertos: 0, nivel: 'por_reforzar' });
const c = course();

test('lists at most three objectives below mastery, weakest first, none without evidence or mastered or foreign', () => {
  const mastery = Object.fromEntries([est('m01.o1', 0.5), est('m01.o2', 0.2), est('m02.o1', 0.97), est('m02.o2', 0.4), est('m09.o1', 0.1)].map((m) => [m.objectiveKey, m]));
  const weak = weakObjectives(c, { ...mastery, 'm02.o3': est('m02.o3', 0.1, 0) });
  expect(weak.map((w) => [w.objectiveKey, w.dominio])).toEqual([['m01.o2', 20], ['m02.o2', 40], ['m01.o1', 50]]);
  // An older course: one objective per lesson, its statement the lesson's title.
  expect(weak[0]).toMatchObject({ modulo: 'Vectores', enunciado: 'Suma de vectores', bloom: 'comprender' });
  expect(weakObjectives(c, mastery, 1)).toHaveLength(1);
});

test('names the misconceptions behind the wrong options chosen, newest attempt first, each once, at most three', () => {
  const q = (id: string, idea: string) => ({ ...evaluation().preguntas[0], preguntaId: id, conceptosErroneos: [idea, '', `${idea} (C)`, `${idea} (D)`] });
  const e = evaluation({
    preguntas: [q('p1', 'Idea uno'), q('p2', 'Idea dos'), q('p3', 'Idea tres'), q('p4', 'Idea cuatro')],
    intentos: [
      { version: 'v1', score: 0, aprobado: false, fecha: '2026-11-20T00:00:00Z', respuestas: { p4: 'A' } },
      { version: 'v1', score: 0, aprobado: false, fecha: '2026-11-22T00:00:00Z', respuestas: { p1: 'A', p2: 'B', p3: 'C' } },
      { version: 'v1', score: 0, aprobado: false, fecha: '2026-11-21T00:00:00Z', respuestas: { p1: 'A', p2: 'D' } },
    ],
  });
  // p2 answered B, the correct option: no misconception; p1 twice: said once.
  expect(recentMisconceptions(c, [e])).toEqual([
    { modulo: 'Vectores', idea: 'Idea uno' },
    { modulo: 'Vectores', idea: 'Idea tres (C)' },
    { modulo: 'Vectores', idea: 'Idea dos (D)' },
  ]);
});

test('a practice objective must be of the course; its own lesson grounds the question', () => {
  expect(() => practiceObjective(c, 'm09.o1')).toThrow(FOREIGN_OBJECTIVE);
  expect(() => practiceObjective(c, 'm01.o5')).toThrow(FOREIGN_OBJECTIVE);
  const o = practiceObjective(c, 'm02.o2');
  expect(o.objective.enunciado).toBe('Producto de matrices');
  expect(teachingLesson(c, o)).toBe('l02');
});

describe('the demonstration tutor on "Practiquemos…"', () => {
  const practise = (bloom: string, curso = { titulo: 'Fotografía digital', topic: 'Fotografía digital', nivel: 'principiante' }) =>
    offlineToolInput('responder_al_alumno', { curso, mensaje: 'Practiquemos: Ajusta el ISO y la apertura', practica: { objetivo: 'Ajusta el ISO y la apertura', bloom } }) as { respuesta: string };

  test('asks a question at the objective\'s level first, even on a featured course that has an explanation for its words', () => {
    expect(practise('aplicar').respuesta).toMatch(/\*\*Practiquemos: Ajusta el ISO y la apertura\*\*\n\nEmpecemos por ti: Piensa en un caso concreto .*\?/);
    expect(practise('comprender').respuesta).toContain('¿Cómo lo explicarías con tus propias palabras, con un ejemplo?');
    expect(practise('aplicar').respuesta).not.toContain('Curso destacado');
  });
});
