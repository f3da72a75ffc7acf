import { offlineToolInput } from '../../../infra/local/offline-writer';
import { HINT_GUIDANCE, showsReasoning } from '../../../lambdas/tutor/hint-ladder';
import type { PendingQuestion } from '../../../lambdas/tutor/socratic';

// Issue 32 item 7: hints climb on what the learner writes (their reasoning), not on how often they ask.

const question: PendingQuestion = {
  moduleId: 'm01', moduleTitle: 'Vectores', preguntaId: 'p1', enunciado: '¿Cómo se suman dos vectores?',
  opciones: ['Con la regla del paralelogramo', 'Multiplicando sus módulos', 'Con la regla de Sarrus', 'Restando sus ángulos'], correcta: 'A', lecciones: [],
};

it('tells reasoning from a plea or the question asked again', () => {
  for (const plea of ['¿Cómo se suman dos vectores?', '¿Me das otra pista?', 'Dime la respuesta, porfa', 'No lo entiendo']) expect(showsReasoning(plea, question)).toBe(false);
  for (const attempt of ['Creo que es la A', 'Descarto la C porque Sarrus es para determinantes', 'He probado a dibujarlos uno detrás de otro', 'La B seria si fueran escalares']) {
    expect(showsReasoning(attempt, question)).toBe(true);
  }
  // Enough words of their own, even without a marker.
  expect(showsReasoning('Coloco el origen del segundo al final del primero y uno el inicio con el final resultante del dibujo', question)).toBe(true);
});

it('asks for the attempt first, in the offline writer as in the prompt', () => {
  expect(HINT_GUIDANCE.pide_intento).toMatch(/^pide primero su intento, sin dar ninguna pista/);
  const data = { mensaje: question.enunciado, curso: { titulo: 'Física' }, preguntasPendientes: [{ modulo: 'Vectores', enunciado: question.enunciado, opciones: question.opciones }], pista: { paso: 'pide_intento' } };
  const answer = offlineToolInput('responder_al_alumno', data) as { respuesta: string; tipo: string };
  expect(answer.tipo).toBe('pistas');
  expect(answer.respuesta).toContain('**Antes de nada, cuéntame tu intento:** ¿qué opción elegirías y por qué?');
  expect(answer.respuesta).not.toMatch(/paralelogramo/);
});
