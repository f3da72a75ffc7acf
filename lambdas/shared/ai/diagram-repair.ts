import { DIAGRAM_LIMITS, parseDiagram } from '../../contract/diagrams';
import { logger } from '../logger';
import { diagramBlocks, editDiagramText, keepDrawableDiagrams, withDiagramBodies, type DiagramKeeping } from './lesson-diagrams';
import { diagramRepairPrompt } from './prompts/diagram-repair-prompt';
import type { PromptSpec } from './prompts';
import type { StructuredModel, StructuredResult } from './structured-output';

// Issue 43: a model's diagram that fails the contract's validator gets ONE repair turn, then is
// dropped. The turn is a call of its own (not the lesson's repair turn: the lesson is sound and is
// not written again) that carries only the broken blocks and the validator's problems, as fenced
// data: a block's text is the model's, perhaps taken from a learner's material, and is never an
// instruction. It runs where lessons are written (the pipeline's Lesson task, a lesson job), never
// inside a request, and goes through the caller's model port, so it is budgeted and metered like
// every call; the caller adds its spend to the course under its own prompt version.

/** What happened to a lesson's diagrams (eval:quality's figures and the log). */
export interface DiagramOutcome {
  /** Diagram blocks the model wrote. */
  escritos: number;
  /** Of them, drawable as first written. */
  validos: number;
  /** Fixed by the repair turn. */
  reparados: number;
  /** Removed before the lesson was stored: still broken, or past the lesson's limit. */
  descartados: number;
}

/** A broken block's text as sent back: enough to see what it meant, bounded whatever the model wrote. */
const BLOCK_CHARS = 4000;

/**
 * The lesson's Markdown with its broken diagrams repaired once or dropped, `text` applied to what its
 * diagrams show, what happened to them and the repair call (undefined when none was made). A repair call that fails leaves the lesson as it
 * is, its broken diagrams dropped: a picture is never worth losing the lesson it belongs to.
 */
export async function repairDiagrams(
  model: StructuredModel,
  markdown: string,
  leccion: string,
  text: (s: string) => string = (s) => s,
  // The tutor's drawing (lambdas/tutor/drawing.ts): its own repair prompt on the tutor's model, one diagram, a line where one is dropped.
  { spec = diagramRepairPrompt, ...keeping }: DiagramKeeping & { spec?: PromptSpec<typeof diagramRepairPrompt.schema> } = {},
): Promise<{ markdown: string; outcome: DiagramOutcome; repair?: StructuredResult<unknown> }> {
  const blocks = diagramBlocks(markdown);
  // A lesson keeps at most two (the tutor one): more repaired could never be shown.
  const broken = blocks.filter((b) => b.problems.length).slice(0, keeping.limit ?? DIAGRAM_LIMITS.porLeccion);
  let repair: StructuredResult<{ diagramas: { n: number; diagrama: unknown }[] }> | undefined;
  if (broken.length) {
    const diagramas = broken.map((b) => ({ n: b.n, bloque: b.body.slice(0, BLOCK_CHARS), problemas: b.problems }));
    repair = await model(spec, { leccion, diagramas }).catch((error: unknown) => {
      logger.warn('diagram repair failed; the broken diagrams are dropped', { error: error as Error });
      return undefined;
    });
  }
  const asked = new Set(broken.map((b) => b.n));
  const bodies = new Map((repair?.value.diagramas ?? []).filter((d) => asked.has(d.n)).map((d) => [d.n, JSON.stringify(d.diagrama)]));
  const reparados = [...bodies.values()].filter((body) => !parseDiagram(body).problems.length).length;
  // `text`: the lesson's link rule on what the diagrams show; a label it lengthens past the limit is dropped with its diagram.
  const kept = keepDrawableDiagrams(editDiagramText(withDiagramBodies(markdown, bodies), text), keeping);
  const outcome = { escritos: blocks.length, validos: blocks.length - blocks.filter((b) => b.problems.length).length, reparados, descartados: kept.dropped.length };
  if (kept.dropped.length) logger.info('lesson diagrams dropped', { ...outcome, problems: kept.dropped.flatMap((d) => d.problems).slice(0, 10) });
  return { markdown: kept.markdown, outcome, ...(repair && { repair }) };
}
