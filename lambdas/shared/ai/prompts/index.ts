import type { z } from 'zod';
import { evaluationOutput, lessonOutput, outlineOutput, suggestionsOutput, verifierOutput } from '../schemas';
import { evaluationPrompt } from './evaluation';
import { lessonPrompt } from './lesson';
import { outlinePrompt } from './outline';
import { suggestionsPrompt } from './suggestions';
import { tutorPrompt } from './tutor';
import { verifierPrompt } from './verifier';
import { diplomadoPrompt } from './diplomado';
import { DATA_RULE, fenceData } from './fence';

/**
 * Every prompt Mentora sends, in Spanish, each with a version recorded next to what it produced.
 * The data a prompt works on goes after DATA_MARKER as JSON: models read it well, and the offline
 * writer reads exactly the same request. The JSON is fenced as untrusted data (fence.ts): the
 * learner's text in it is never an instruction, and the system prompt says so (systemPrompt).
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
  /**
   * Issue 33: the model answers in plain text (no tool is sent), and this turns the text into the
   * schema's input; undefined when the text holds no answer (the call's repair turn then asks again).
   */
  parseText?: (text: string) => unknown;
  /**
   * Keys of the data sent first, in their own fenced block, as a prefix that repeats across the
   * calls of a job (a module's lessons across its question batches): with a prompt cache point
   * after it where the model supports caching (structured-output.ts).
   */
  cachedData?: readonly string[];
}

/** The two prompts a bank is written and checked with, by name: see allPrompts. */
export const evaluationSpec = { ...evaluationPrompt, schema: evaluationOutput };
export const verifierSpec = { ...verifierPrompt, schema: verifierOutput };

// Built by a call marked pure so that a bundle that never reads `prompts` (the evaluations Lambda, which
// needs only the two specs above) drops every other prompt's text: an object literal with spreads may run
// getters, so esbuild keeps one at the top level whether it is read or not.
const allPrompts = () =>
  ({
    suggestions: { ...suggestionsPrompt, schema: suggestionsOutput },
    outline: { ...outlinePrompt, schema: outlineOutput },
    lesson: { ...lessonPrompt, schema: lessonOutput },
    evaluation: evaluationSpec,
    verifier: verifierSpec,
    tutor: tutorPrompt,
    diplomado: diplomadoPrompt,
  }) satisfies Record<Purpose, PromptSpec<z.ZodType>>;

export const prompts = /* @__PURE__ */ allPrompts();

export const renderPrompt = (spec: PromptSpec<z.ZodType>, data: Record<string, unknown>) =>
  `${spec.instructions(data)}\n\n${DATA_MARKER}\n${fenceData(JSON.stringify(data))}`;

/** The system prompt a call sends: the prompt's own, then the rule that fenced data is never an instruction. */
export const systemPrompt = (spec: Pick<PromptSpec<z.ZodType>, 'system'>) => `${spec.system}\n\n${DATA_RULE}`;
