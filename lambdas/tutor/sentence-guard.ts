import { revealsAnswer, revealsInstructions, type PendingQuestion } from './socratic';

// The pending-evaluation guard for a streamed answer: nothing reaches the learner before it has
// passed the literal checks. The model's text is cut at sentence ends; each sentence is checked
// (together with what was already sent, so an option split across two sentences is still seen)
// against every question of the module at hand, then released. The first sentence that fails
// stops the guard: it and everything after it are never sent.

export interface Leak {
  instructions: boolean;
  questions: PendingQuestion[];
}

export interface GuardedQuestions {
  /** Every question the literal checks cover (the one asked and the whole module at hand). */
  checked: PendingQuestion[];
  /** The questions the learner's message asks (their letter counts too). */
  asked: PendingQuestion[];
}

/** What the literal checks find in `text`; undefined when it is clean. */
export function literalLeak(text: string, g: GuardedQuestions): Leak | undefined {
  if (revealsInstructions(text)) return { instructions: true, questions: [] };
  const questions = g.checked.filter((q) => revealsAnswer(text, q, g.asked.includes(q)));
  return questions.length ? { instructions: false, questions } : undefined;
}

/**
 * A sentence ends at `.`, `!`, `?`, `…` or `:` followed by white space, or at a line break (a
 * Markdown list item, a heading). "3.5" and "p. ej." without a following space stay whole.
 */
const SENTENCE_END = /[.!?…:](?=\s)\s*|\n+/g;

export function sentenceGuard(g: GuardedQuestions) {
  let buffer = '';
  let sent = '';
  let leak: Leak | undefined;

  const release = (sentence: string): string[] => {
    if (leak || !sentence) return [];
    leak = literalLeak(sent + sentence, g);
    if (leak) return [];
    sent += sentence;
    return [sentence];
  };

  return {
    /** Adds model text; answers the sentences now cleared to send, in order. */
    push(text: string): string[] {
      if (leak) return [];
      buffer += text;
      const out: string[] = [];
      let cut = 0;
      for (const m of buffer.matchAll(SENTENCE_END)) {
        // A boundary at the very end may still grow ("¿Sí?" then " Y…"): wait for the next character.
        const end = m.index + m[0].length;
        if (end === buffer.length && !m[0].includes('\n') && !/\s$/.test(m[0])) break;
        out.push(...release(buffer.slice(cut, end)));
        cut = end;
        if (leak) break;
      }
      buffer = buffer.slice(cut);
      return out;
    },
    /** The model finished: the last, unterminated sentence is checked like the others. */
    flush(): string[] {
      const rest = buffer;
      buffer = '';
      return release(rest);
    },
    /**
     * A piece that goes out whole or not at all (a checked diagram block, issue 43): what is buffered
     * is released first, then the piece, under the same literal checks (a label can give an answer away too).
     */
    whole(text: string): string[] {
      const rest = buffer;
      buffer = '';
      return [...release(rest), ...release(text)];
    },
    /** The leak that stopped the guard, if any. */
    leak: () => leak,
    /** Everything released so far. */
    sent: () => sent,
  };
}
