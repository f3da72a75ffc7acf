import * as z from 'zod';
import type { PromptSpec } from '../shared/ai/prompts';
import { TUTOR_SYSTEM } from '../shared/ai/prompts/shared';
import { VEREDICTOS } from '../contract';
import { FENCE_RULE } from './learner-text';

// The grader of open answers (issue 32 item 5): a verdict against the rubric written with the
// question, what was right and what is missing, in Spanish. A short call on the fast tier (purpose
// "tutor": the same small, quick model answers the learner in conversation).

const str = (min: number, max: number) => z.string().trim().min(min).max(max);

export const gradingOutput = z.lazy(() =>
  z
    .object({
      veredicto: z.enum(VEREDICTOS).describe('correcta: cubre lo esencial de la rúbrica; parcial: una parte; incorrecta: no responde o se equivoca'),
      acertado: str(1, 400).describe('Lo que la respuesta tiene bien, en una o dos frases dirigidas al alumno (tú)'),
      falta: str(1, 400).describe('Lo que falta o está mal, en una o dos frases, sin regañar; si no falta nada, dilo'),
    })
    .strict(),
);
export type GradingOutput = z.infer<typeof gradingOutput>;

export const gradingPrompt: PromptSpec<typeof gradingOutput> = {
  purpose: 'tutor',
  version: 'calificar-abierta-v1',
  tool: 'calificar_respuesta',
  toolDescription: 'Registra el veredicto sobre la respuesta abierta de un alumno, lo que tiene bien y lo que le falta.',
  system: TUTOR_SYSTEM,
  schema: gradingOutput,
  maxTokens: 600,
  instructions: () =>
    'Califica la respuesta de un alumno a la "pregunta" de su curso comparándola con la "rubrica" (la respuesta que ' +
    'escribió quien redactó la pregunta: lo esencial que una buena respuesta debe decir). Acepta otras palabras, ' +
    'ejemplos propios y un orden distinto si la idea es la misma; no exijas la redacción de la rúbrica. ' +
    `${FENCE_RULE} Escribe "acertado" y "falta" en español, en segunda persona, sin copiar la rúbrica entera.`,
};
