import type { TutorTurn } from '../../../lambdas/contract';
import { buildPromptData, currentLesson, type TutorCourse } from '../../../lambdas/tutor/context';
import { LESSON_CONTEXT_CHARS } from '../../../lambdas/tutor/passages';
import { appendTurns, emptyConversation, MAX_TURNS, PROMPT_TURN_CHARS, PROMPT_TURNS } from '../../../lambdas/tutor/history';
import { chatWithTutor } from '../../../lambdas/tutor/use-cases';
import { course, evaluation, scriptedModel, tutorDeps } from './fakes';

const tc = (over = {}): TutorCourse => ({ course: course(over), evaluations: [] });
const turn = (rol: TutorTurn['rol'], texto: string): TutorTurn => ({ rol, texto, fecha: '2026-11-22' });

describe('the context the tutor works from', () => {
  test('includes the outline, the current lesson and passages of its content', () => {
    const lesson = currentLesson(course(), 'm02', 'l02');
    const { data } = buildPromptData(tc(), lesson, '## Producto\n\nFilas por columnas.', emptyConversation(), 'Hola');
    expect(data.curso.modulos.map((m) => m.titulo)).toEqual(['Vectores', 'Matrices']);
    expect(data.leccionActual).toMatchObject({ modulo: 'Matrices', titulo: 'Producto de matrices', pasajes: [{ seccion: 'Producto', texto: 'Filas por columnas.' }] });
  });

  test('tells lessons with the same id apart by module, and falls back to the last lesson the learner touched', () => {
    expect(currentLesson(course(), 'm01', 'l01')?.titulo).toBe('Qué es un vector');
    expect(currentLesson(course(), 'm02', 'l01')?.titulo).toBe('Qué es una matriz');
    expect(currentLesson(course({ ultimaLeccion: { moduleId: 'm02', lessonId: 'l02' } }))?.titulo).toBe('Producto de matrices');
  });

  test('stays bounded however long the lesson and the conversation are', () => {
    let conv = emptyConversation();
    for (let i = 0; i < 100; i++) conv = appendTurns(conv, [turn('alumno', `pregunta ${i} ${'x'.repeat(3000)}`), turn('tutor', 'y'.repeat(5000))]);
    const small = JSON.stringify(buildPromptData(tc(), currentLesson(course()), 'corto', emptyConversation(), 'Hola').data).length;
    const long = Array.from({ length: 400 }, (_, i) => `### Apartado ${i}\n\n${'z'.repeat(500)}`).join('\n\n');
    const { data } = buildPromptData(tc(), currentLesson(course()), long, conv, 'Hola');
    expect(JSON.stringify(data.leccionActual!.pasajes).length).toBeLessThan(LESSON_CONTEXT_CHARS + 1000);
    expect(data.historial).toHaveLength(PROMPT_TURNS);
    expect(JSON.stringify(data).length).toBeLessThan(small + LESSON_CONTEXT_CHARS + 1000 + PROMPT_TURNS * (PROMPT_TURN_CHARS + 40) + 800);
  });
});

describe('the conversation history', () => {
  test(`keeps the last ${MAX_TURNS} turns and folds older questions into a short summary`, () => {
    let conv = emptyConversation();
    for (let i = 1; i <= 15; i++) conv = appendTurns(conv, [turn('alumno', `pregunta ${i}`), turn('tutor', `respuesta ${i}`)]);
    expect(conv.turnos).toHaveLength(MAX_TURNS);
    expect(conv.turnos[0].texto).toBe('pregunta 6');
    expect(conv.resumen).toBe('Antes el alumno preguntó: pregunta 1 · pregunta 2 · pregunta 3 · pregunta 4 · pregunta 5');
  });

  test('is kept per learner and course across messages, and reaches the next prompt', async () => {
    const { model, calls } = scriptedModel({ respuesta: 'Primera respuesta' }, { respuesta: 'Segunda respuesta' });
    const t = tutorDeps(model, { evaluations: [evaluation()] });
    await chatWithTutor(t.deps, 'ana', { courseId: 'c1', message: '¿Qué es un vector?' });
    await chatWithTutor(t.deps, 'ana', { courseId: 'c1', message: '¿Y una matriz?' });
    expect(calls[1].historial).toEqual([{ rol: 'alumno', texto: '¿Qué es un vector?' }, { rol: 'tutor', texto: 'Primera respuesta' }]);
    expect((await t.store.conversation('ana', 'c1')).turnos.map((x) => x.texto)).toEqual(['¿Qué es un vector?', 'Primera respuesta', '¿Y una matriz?', 'Segunda respuesta']);
  });
});
