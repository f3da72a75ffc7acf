import { DIAGRAM_LANG } from '../contract/diagrams';
import { repairDiagrams } from '../shared/ai/diagram-repair';
import { keepSourcedLinks } from '../shared/ai/links';
import { keepDrawableDiagrams, mapDiagramBlocks, UNCLOSED } from '../shared/ai/lesson-diagrams';
import { tutorDiagramRepairPrompt } from '../shared/ai/prompts/tutor-drawing';
import type { StructuredModel } from '../shared/ai/structured-output';
import { diagramHold, type Piece } from './diagram-hold';

// Issue 43: the tutor's drawing ("¿me lo dibujas?"). A diagram in a tutor answer is held to the
// lesson's rules: the contract's validator judges it, one repair turn (tutor-drawing.ts, on the
// tutor's model, metered under the message's hold) or it is dropped, the link rule on every text it
// shows, and one per answer. Where one is dropped the learner reads NOT_DRAWN, never half a block.

/** A tutor answer draws at most one diagram: a second would be a wall beside a chat bubble. */
export const TUTOR_DIAGRAMS = 1;

/** What stands where a diagram could not be drawn. */
export const NOT_DRAWN = '*(No he podido dibujar este esquema; te lo explico con palabras.)*';

/** A diagram block's text as it travels in the answer. */
export const diagramText = (body: string) => `\`\`\`${DIAGRAM_LANG}\n${body}\n\`\`\``;

/**
 * The answer's Markdown with its diagrams checked: the first one drawable (repaired once if it must
 * be), its texts under the link rule (only addresses the tutor was given — the lesson, the material's
 * passages — stay; issue 31); any other, any unclosed one and one still broken become NOT_DRAWN.
 * A repair call that fails drops the diagram and keeps the answer.
 */
export async function drawnAnswer(model: StructuredModel, markdown: string, leccion: string, sources: readonly string[]): Promise<string> {
  if (!markdown.includes(`\`\`\`${DIAGRAM_LANG}`)) return markdown;
  const links = (text: string) => keepSourcedLinks(text, sources);
  // An unclosed block is what a cut or careless reply left: never repaired (repairing would close it), never shown.
  const closed = mapDiagramBlocks(markdown, (b) => (b.problems[0] === UNCLOSED ? [NOT_DRAWN] : diagramText(b.body).split('\n')));
  const drawn = await repairDiagrams(model, closed, leccion, links, { spec: tutorDiagramRepairPrompt, limit: TUTOR_DIAGRAMS, instead: [NOT_DRAWN] });
  return drawn.markdown;
}

/** The answer with every diagram block replaced by NOT_DRAWN (a repaired one that would give an answer away). */
export const withoutDiagrams = (markdown: string) => keepDrawableDiagrams(markdown, { limit: 0, instead: [NOT_DRAWN] }).markdown;

/**
 * The streamed answer's diagrams (diagram-hold.ts): text goes to `out.text` as it comes; a closed
 * block is checked (and repaired) by `draw` and goes to `out.whole` in one piece, in its place:
 * text after it waits for it (the repair's few seconds, while the model writes on). An unclosed block
 * (ended by a heading or the end of the answer) is never repaired: NOT_DRAWN stands in its place.
 * Text goes out synchronously while no block is being checked, so the leak guard stops the model as
 * soon as it would without diagrams.
 */
export function drawingStream(draw: (block: string) => Promise<string>, out: { text(t: string): void; whole(t: string): void }) {
  const hold = diagramHold();
  const queue: Piece[] = [];
  let closed = 0;
  let busy = false;
  let idle = Promise.resolve();
  const drain = async () => {
    busy = true;
    try {
      for (let p = queue.shift(); p; p = queue.shift()) {
        if (p.kind === 'text') out.text(p.text);
        else if (!p.closed || ++closed > TUTOR_DIAGRAMS) out.whole(`${NOT_DRAWN}\n`);
        else out.whole(`${await draw(diagramText(p.body)).catch(() => NOT_DRAWN)}\n`);
      }
    } finally {
      busy = false;
    }
  };
  const feed = (pieces: Piece[]) => {
    queue.push(...pieces);
    if (!busy) idle = drain();
  };
  return {
    push: (text: string) => feed(hold.push(text)),
    /** The answer is complete (not cut): what was held comes out (an open block as NOT_DRAWN). */
    end: () => feed(hold.end()),
    /** Resolves when every piece fed so far has gone out. */
    idle: () => idle,
  };
}
