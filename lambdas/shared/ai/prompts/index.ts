import type { z } from 'zod';
import { evaluationOutput, lessonOutput, outlineOutput, suggestionsOutput, verifierOutput } from '../schemas';
import { evaluationPrompt } from './evaluation';
import { lessonPrompt } from './lesson';
import { outlinePrompt } from './outline';
import { suggestionsPrompt } from './suggestions';
import { tutorPrompt } from './tutor';
import { verifierPrompt } from './verifier';
import { diplomadoPrompt } from './diplomado';

/**
 * Every prompt Mentora sends, in Spanish, each with a version recorded next to what it produced.
 * The data a prompt works on goes after DATA_MARKER as JSON: models read it well, and the offline
 * writer reads exactly the same request.
 */
export const DATA_MARKER = 'DATOS (JSON):';

export type Purpose = 'suggestions' | 'outline' | 'lesson' | 'evaluation' | 'verifier' | 'tutor' | 'diplomado';

export interface PromptSpec<S extends z.ZodType> {
  purpose: Purpose;
  version: string;
  /** The forced tool's name: the offline writer also uses it to know what to write. */
  tool: string;
  toolDescription: string;
  system: string;
  instructions: (data: Record<string, unknown>) => string;
  schema: S;
  maxTokens: number;
}

export const prompts = {
  suggestions: { ...suggestionsPrompt, schema: suggestionsOutput },
  outline: { ...outlinePrompt, schema: outlineOutput },
  lesson: { ...lessonPrompt, schema: lessonOutput },
  evaluation: { ...evaluationPrompt, schema: evaluationOutput },
  verifier: { ...verifierPrompt, schema: verifierOutput },
  tutor: tutorPrompt,
  diplomado: diplomadoPrompt,
} satisfies Record<Purpose, PromptSpec<z.ZodType>>;

export const renderPrompt = (spec: PromptSpec<z.ZodType>, data: Record<string, unknown>) =>
  `${spec.instructions(data)}\n\n${DATA_MARKER}\n${JSON.stringify(data)}`;
