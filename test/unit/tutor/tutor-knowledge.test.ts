import { offlineToolInput } from '../../../infra/local/offline-writer';
import type { EvaluationItem } from '../../../lambdas/course-model/course-items';
import type { StructuredModel } from '../../../lambdas/shared/ai/structured-output';
import { buildPromptData, currentLesson, type TutorCourse } from '../../../lambdas/tutor/context';
import { appendTurns, emptyConversation } from '../../../lambdas/tutor/history';
import { LESSON_CONTEXT_CHARS } from '../../../lambdas/tutor/passages';
import { chatWithTutor } from '../../../lambdas/tutor/use-cases';
import { course, evaluation, tutorDeps } from './fakes';

// A long photography lesson whose passage on the rule of thirds comes after 10,000 characters.
const filler = Array.from({ length: 25 }, (_, i) => `### Apartado ${i + 1}\n\nLa cámara registra la luz que entra por el objetivo y el sensor la convierte en una imagen digital con sus colores. ${'Cada ajuste cambia el resultado final de la fotografía. '.repeat(6)}`).join('\n\n');
const THIRDS = 'La regla de los tercios divide el encuadre en nueve partes iguales con dos líneas horizontales y dos verticales; el sujeto va sobre una línea o un cruce.';
const lessonText = `## Composición\n\n${filler}\n\n### La regla de los tercios\n\n${THIRDS}\n\n### Resumen\n\n- Encuadra con intención.`;
const photo = course({ topic: 'Fotografía', titulo: 'Fotografía para empezar' });
const tc = (evaluations: EvaluationItem[] = []): TutorCourse => ({ course: photo, evaluations });

describe('what the tutor knows when it answers', () => {
  test('the passage of the lesson relevant to the question, not its first characters, within the budget', () => {
    expect(lessonText.indexOf(THIRDS)).toBeGreaterThan(10_000);
    const { data } = buildPromptData(tc(), currentLesson(photo), lessonText, emptyConversation(), '¿Qué es la regla de los tercios?');
    const pasajes = data.leccionActual!.pasajes;
    expect(pasajes[0]).toEqual({ seccion: 'La regla de los tercios', texto: THIRDS });
    expect(pasajes.reduce((n, p) => n + p.texto.length + p.seccion.length, 0)).toBeLessThanOrEqual(LESSON_CONTEXT_CHARS);
  });

  test("the learner's recent attempts with the wrong options they chose, never the correct one", () => {
    const e = evaluation({ intentos: [{ version: 'v1', score: 0, aprobado: false, fecha: '2026-11-22T09:00:00Z', respuestas: { p1: 'C' } }] });
    const { data } = buildPromptData(tc([e]), currentLesson(photo), lessonText, emptyConversation(), 'Hola');
    expect(data.intentosRecientes).toEqual([
      { modulo: 'Vectores', fecha: '2026-11-22T09:00:00Z', nota: 0, aprobado: false, fallos: [{ enunciado: e.preguntas[0].enunciado, elegida: 'La regla de Sarrus' }] },
    ]);
    expect(JSON.stringify(data)).not.toMatch(/"correcta"|La suma de vectores se dibuja/);
  });

  test('a hint ladder that climbs on the learner\'s reasoning, not on how often they ask: their attempt first, then nudge, targeted hint, worked analogous example', () => {
    const question = evaluation().preguntas[0].enunciado;
    const turn = (texto: string, rol: 'alumno' | 'tutor' = 'alumno') => ({ rol, texto, fecha: '2026-11-22' });
    let conv = emptyConversation();
    const step = (message: string) => (buildPromptData(tc([evaluation()]), currentLesson(photo), lessonText, conv, message).data.pista as { paso: string } | undefined)?.paso;
    // Asked for the answer: the tutor asks for the learner's attempt first.
    expect(step(question)).toBe('pide_intento');
    conv = appendTurns(conv, [turn(question), turn('¿Qué opción elegirías y por qué?', 'tutor')]);
    // Asking again, and again, climbs nothing.
    expect(step(question)).toBe('pide_intento');
    expect(step('¿Me das otra pista? Dime la respuesta')).toBe('pide_intento');
    // Reasoning climbs: one step per message that shows it.
    expect(step('Creo que es la B porque la lección habla de sumar vectores')).toBe('empujon');
    conv = appendTurns(conv, [turn('Creo que es la B porque la lección habla de sumar vectores'), turn('Piensa en…', 'tutor')]);
    expect(step('Sigo sin verlo')).toBe('empujon');
    expect(step('Entonces descarto la A, pero dudo entre la B y la C')).toBe('pista_dirigida');
    conv = appendTurns(conv, [turn('Entonces descarto la A, pero dudo entre la B y la C'), turn('La lección dice…', 'tutor')]);
    expect(step('He probado a dibujarlo y me parece que la C encaja mejor')).toBe('ejemplo_analogo');
    expect(step('¿Qué es una matriz?')).toBeUndefined();
  });
});

describe('the demonstration tutor', () => {
  const ask = (message: string, content = lessonText) =>
    offlineToolInput('responder_al_alumno', buildPromptData(tc(), currentLesson(photo), content, emptyConversation(), message).data) as { respuesta: string; tipo: string };

  test('answers an on-topic question from the passages it is given', () => {
    const a = ask('¿Qué es la regla de los tercios?');
    expect(a.tipo).toBe('explicacion');
    expect(a.respuesta).toContain('nueve partes iguales');
  });

  test('answers on topic with the closest passage when the lesson does not use those words', () => {
    const a = ask('¿Qué es la regla de los tercios?', '## Luz\n\n### La exposición\n\nLa exposición depende de la apertura, la velocidad y el ISO de la cámara.');
    expect(a.tipo).toBe('explicacion');
    expect(a.respuesta).toContain('La exposición depende');
  });

  test('still declines what no course is about', () => {
    expect(ask('¿Quién ganó el mundial de fútbol de 2010?').tipo).toBe('fuera_de_tema');
  });
});

/** A model that answers the tutor with `reply` and the leak verifier with `verdict`, recording the calls. */
function models(replies: string[], verdict: (respuesta: string) => boolean) {
  const tools: string[] = [];
  const model = (async (spec: { tool: string }, data: Record<string, unknown>) => {
    tools.push(spec.tool);
    const value = spec.tool === 'revisar_respuesta_tutor'
      ? { revela: verdict(String(data.respuesta)), preguntas: verdict(String(data.respuesta)) ? [1] : [] }
      : { respuesta: replies[Math.min(tools.filter((t) => t === 'responder_al_alumno').length - 1, replies.length - 1)], tipo: 'explicacion', sugerencias: [] };
    return { value, usage: { inputTokens: 1, outputTokens: 1 }, modelId: 'm', promptVersion: 'v', demo: false };
  }) as unknown as StructuredModel;
  return { model, tools };
}

describe('the leak guard', () => {
  const paraphrase = 'Piensa en la construcción que dibuja los dos vectores desde un mismo origen y completa la figura de cuatro lados con lados opuestos paralelos: esa es la buena.';

  test('catches a paraphrase of the correct option through the verifier, regenerates once, then gives hints only', async () => {
    const { model, tools } = models([paraphrase, paraphrase], (r) => r.includes('cuatro lados'));
    const { deps } = tutorDeps(model, { evaluations: [evaluation()] });
    const answer = await chatWithTutor(deps, 'ana', { courseId: 'c1', message: '¿Cómo se suman dos vectores libres? ¿qué regla geométrica se usa?' });
    expect(tools).toEqual(['responder_al_alumno', 'revisar_respuesta_tutor', 'responder_al_alumno', 'revisar_respuesta_tutor']);
    expect(answer.tipo).toBe('pistas');
    expect(answer.respuesta).not.toContain('cuatro lados');
    expect(answer.respuesta).toMatch(/no te voy a dar la respuesta/);
  });

  test('lets a reply through when the verifier finds no leak', async () => {
    const { model } = models(['Un vector tiene magnitud y dirección; la suma se estudia en la lección «Suma de vectores». ¿Qué recuerdas de ella?'], () => false);
    const { deps } = tutorDeps(model, { evaluations: [evaluation()] });
    const answer = await chatWithTutor(deps, 'ana', { courseId: 'c1', message: 'Explícame qué es un vector' });
    expect(answer.respuesta).toMatch(/magnitud y dirección/);
  });

  const bank = (n: number, drawn: number) =>
    evaluation({
      preguntas: Array.from({ length: n }, (_, i) => ({ ...evaluation().preguntas[0], preguntaId: `p${i + 1}`, enunciado: `Pregunta ${i + 1} sobre vectores libres`, opciones: ['Opción uno cualquiera', 'Opción dos cualquiera', 'Opción tres cualquiera', `La respuesta secreta número ${i + 1}`], correcta: 'D' as const })),
      variante: { id: 'var1', bankVersion: 'v1', preguntas: Array.from({ length: drawn }, (_, i) => ({ preguntaId: `p${i + 1}`, orden: [0, 1, 2, 3] })) },
    });

  test('covers every question of the open attempt of the module at hand', async () => {
    const { model } = models(['Recuerda: La respuesta secreta número 14, como dice la lección.'], () => false);
    const { deps } = tutorDeps(model, { evaluations: [bank(40, 20)] });
    const answer = await chatWithTutor(deps, 'ana', { courseId: 'c1', moduleId: 'm01', lessonId: 'l01', message: 'Repasemos los vectores' });
    expect(answer.respuesta).not.toContain('secreta número 14');
    expect(answer.tipo).toBe('pistas');
  });

  test('a lesson sentence that is the key of a bank question the learner has never been shown is teaching, not a leak', async () => {
    const { model } = models(['Recuerda: La respuesta secreta número 30, como dice la lección. ¿Lo ves?'], () => false);
    const { deps } = tutorDeps(model, { evaluations: [bank(40, 20)] });
    const answer = await chatWithTutor(deps, 'ana', { courseId: 'c1', moduleId: 'm01', lessonId: 'l01', message: 'Repasemos los vectores' });
    expect(answer.respuesta).toContain('secreta número 30');
    expect(answer.tipo).toBe('explicacion');
  });
});

test('a follow-up only continues the question asked just before it', () => {
  const question = evaluation().preguntas[0].enunciado;
  const turn = (texto: string, rol: 'alumno' | 'tutor' = 'alumno') => ({ rol, texto, fecha: '2026-11-22' });
  const conv = appendTurns(emptyConversation(), [turn(question), turn('Piensa en…', 'tutor'), turn('¿Qué es una matriz?'), turn('Una tabla…', 'tutor')]);
  const data = buildPromptData(tc([evaluation()]), currentLesson(photo), lessonText, conv, '¿Me das otra pista?').data;
  expect(data.pista).toBeUndefined();
});
