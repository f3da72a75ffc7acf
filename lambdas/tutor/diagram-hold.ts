import { isDiagramFence } from '../contract/diagram-fence';

// Issue 43: the streamed tutor answer with its diagram blocks held back. Text streams on as it comes
// (a line that may open a fence waits for its end); from a ```diagrama line to its closing fence
// nothing is passed on, and the block comes out whole, to be checked before the learner sees any of
// it. Blocks are read as lesson-diagrams.ts reads a lesson's: not inside another code block, and an
// unclosed one ends at the next heading (or at the end of the answer).

export type Piece = { kind: 'text'; text: string } | { kind: 'diagram'; body: string; closed: boolean };

/** A line that could still become a fence (or is one): held until its end. */
const mayBeFence = (line: string) => line.startsWith('```') || '```'.startsWith(line);

export function diagramHold() {
  let line = ''; // the current line, held while it may be a fence, or a line inside a diagram block
  let passing = false; // the current line is text, already passed on in part
  let block: string[] | undefined;
  let inCode = false;

  const endLine = (text: string, out: Piece[]) => {
    const l = text.replace(/\n$/, '');
    if (block) {
      if (/^```/.test(l)) out.push({ kind: 'diagram', body: block.join('\n'), closed: true });
      else if (/^#{1,6}\s/.test(l)) out.push({ kind: 'diagram', body: block.join('\n'), closed: false }, { kind: 'text', text });
      else return void block.push(l);
      block = undefined;
      return;
    }
    if (!inCode && isDiagramFence(l)) return void (block = []);
    if (/^```/.test(l)) inCode = !inCode;
    out.push({ kind: 'text', text });
  };

  const chunk = (part: string, out: Piece[]) => {
    const ends = part.endsWith('\n');
    if (passing) {
      out.push({ kind: 'text', text: part });
      passing = !ends;
      return;
    }
    line += part;
    if (ends) {
      endLine(line, out);
      line = '';
    } else if (!block && !mayBeFence(line)) {
      out.push({ kind: 'text', text: line });
      line = '';
      passing = true;
    }
  };

  return {
    /** Adds model text; answers what can be passed on now, in order (text, and whole blocks). */
    push(text: string): Piece[] {
      const out: Piece[] = [];
      for (const part of text.match(/[^\n]*\n|[^\n]+/g) ?? []) chunk(part, out);
      // Adjacent text pieces as one.
      return out.reduce<Piece[]>((all, p) => {
        const last = all.at(-1);
        if (p.kind === 'text' && last?.kind === 'text') last.text += p.text;
        else all.push(p.kind === 'text' ? { ...p } : p);
        return all;
      }, []);
    },
    /** The model finished: a line still held is text, or an empty block; an open block comes out unclosed. */
    end(): Piece[] {
      const out: Piece[] = [];
      if (block) {
        if (line) block.push(line);
        out.push({ kind: 'diagram', body: block.join('\n'), closed: false });
      } else if (line) {
        if (!inCode && isDiagramFence(line)) out.push({ kind: 'diagram', body: '', closed: false });
        else out.push({ kind: 'text', text: line });
      }
      line = '';
      block = undefined;
      return out;
    },
  };
}
