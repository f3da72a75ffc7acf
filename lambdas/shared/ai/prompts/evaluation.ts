import { TUTOR_SYSTEM } from './shared';

export const evaluationPrompt = {
  purpose: 'evaluation' as const,
  version: 'evaluacion-v1',
  tool: 'registrar_evaluacion',
  toolDescription: 'Registra la evaluación del módulo: preguntas de opción múltiple con su respuesta y explicación.',
  system: TUTOR_SYSTEM,
  maxTokens: 4000,
  instructions: (d: Record<string, unknown>) =>
    `Escribe una evaluación de ${d.preguntas} preguntas de opción múltiple sobre las lecciones del módulo de los ` +
    'datos. Cada pregunta tiene exactamente cuatro opciones distintas y una sola correcta; ninguna pregunta se ' +
    'repite; reparte la opción correcta entre A, B, C y D; añade a cada pregunta una explicación breve de por qué ' +
    'la respuesta correcta lo es. Evalúa comprensión y aplicación, no memoria literal.',
};
