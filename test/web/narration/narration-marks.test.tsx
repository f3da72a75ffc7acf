import { render } from '@testing-library/react';
import { narrationText } from '../../../lambdas/narration/narration-text';
import { lessonMarkdown } from '../../../lambdas/shared/ai/lesson-markdown';
import { LessonContent } from '../../../web/src/features/lesson/lesson-content';
import { markAt, matchMarks, parseMarks, type SentenceMark } from '../../../web/src/features/narration/marks';
import { blocksOf, markReading, readingBlocks } from '../../../web/src/features/narration/reading-blocks';
import { sentenceRange, showSentence } from '../../../web/src/features/narration/sentence-highlight';
import { spanishLesson } from '../../support/lesson-fixture';

// The marks Polly would give for a text: one per sentence (ICU's Spanish sentence breaker, as the
// local Polly cuts), a second apart.
function marksFor(text: string): SentenceMark[] {
  const segmenter = new Intl.Segmenter('es', { granularity: 'sentence' });
  const sentences = text.split('\n').flatMap((line) => [...segmenter.segment(line)].map((s) => s.segment.trim()).filter(Boolean));
  return sentences.map((value, i) => ({ time: i * 1000, value }));
}

describe('speech marks', () => {
  it('reads Polly\'s JSON lines, keeps sentence marks in time order and skips what is not one', () => {
    const lines = [
      '{"time":1200,"type":"sentence","start":20,"end":40,"value":"Segunda frase."}',
      '{"time":0,"type":"sentence","start":0,"end":19,"value":"Primera frase."}',
      '{"time":300,"type":"word","start":0,"end":7,"value":"Primera"}',
      'no es json',
      '',
    ].join('\n');
    expect(parseMarks(lines)).toEqual([{ time: 0, value: 'Primera frase.' }, { time: 1200, value: 'Segunda frase.' }]);
  });

  it('finds the sentence being read at a moment: none before the first, the last begun after', () => {
    const marks = [{ time: 500, value: 'a' }, { time: 1500, value: 'b' }, { time: 4000, value: 'c' }];
    expect(markAt(marks, 0.2)).toBe(-1);
    expect(markAt(marks, 0.5)).toBe(0);
    expect(markAt(marks, 1.49)).toBe(0);
    expect(markAt(marks, 3.9)).toBe(1);
    expect(markAt(marks, 99)).toBe(2);
    expect(markAt([], 3)).toBe(-1);
  });

  it('maps every sentence of a real lesson to the rendered block it is read from, in order', () => {
    const markdown = lessonMarkdown(spanishLesson());
    const { container } = render(<LessonContent markdown={markdown} />);
    const elements = readingBlocks(container);
    const marks = marksFor(narrationText(markdown));
    const blockOf = matchMarks(marks, blocksOf(elements));
    const unmatched = marks.filter((_, i) => blockOf[i] < 0).map((m) => m.value);
    expect(unmatched).toEqual([]);
    // In reading order, and each sentence's words are in its block.
    for (let i = 1; i < blockOf.length; i++) expect(blockOf[i]).toBeGreaterThanOrEqual(blockOf[i - 1]);
  });

  it('sends an announced code block or table to the next <pre> or <table>, and a formula said in words nowhere', () => {
    const markdown = [
      '## Variables',
      '',
      'Una variable guarda un valor [1]. Se crea al asignarla.',
      '',
      '```python',
      'x = 1',
      '```',
      '',
      '| Tipo | Ejemplo |',
      '|---|---|',
      '| int | 1 |',
      '',
      'La fórmula $x^2 + 1 = y$ da la altura.',
      '',
      '- **Entero**: sin decimales',
    ].join('\n');
    const { container } = render(<LessonContent markdown={markdown} />);
    const elements = readingBlocks(container);
    const marks = marksFor(narrationText(markdown));
    const blockOf = matchMarks(marks, blocksOf(elements));
    const tagOf = (value: RegExp) => {
      const i = marks.findIndex((m) => value.test(m.value));
      return blockOf[i] < 0 ? undefined : elements[blockOf[i]].tagName;
    };
    expect(tagOf(/^Variables/)).toBe('H3');
    expect(tagOf(/^Una variable guarda/)).toBe('P');
    expect(tagOf(/^Se crea al asignarla/)).toBe('P');
    expect(tagOf(/bloque de código en Python/)).toBe('PRE');
    expect(tagOf(/tabla de 1 fila/)).toBe('TABLE');
    expect(tagOf(/^Entero: sin decimales/)).toBe('LI');
    expect(tagOf(/al cuadrado/)).toBeUndefined();
  });

  it('marks one block at a time, and the closed answer that holds it rather than opening it', () => {
    const { container } = render(<LessonContent markdown={lessonMarkdown(spanishLesson())} />);
    const elements = readingBlocks(container);
    const hidden = elements.find((el) => el.closest('details'))!;
    const shown = markReading(container, elements[0]);
    expect(shown).toBe(elements[0]);
    expect(markReading(container, hidden)).toBe(hidden.closest('details'));
    expect(container.querySelectorAll('[data-narrando]')).toHaveLength(1);
    expect(hidden.closest('details')).not.toHaveAttribute('open');
    markReading(container, undefined);
    expect(container.querySelector('[data-narrando]')).toBeNull();
  });

  it('finds each sentence of a real lesson inside its block, as a range of the rendered text', () => {
    const markdown = lessonMarkdown(spanishLesson());
    const { container } = render(<LessonContent markdown={markdown} />);
    const elements = readingBlocks(container);
    const marks = marksFor(narrationText(markdown));
    const blockOf = matchMarks(marks, blocksOf(elements));
    const missed: string[] = [];
    let last = { block: -1, end: 0 };
    marks.forEach((mark, i) => {
      const block = elements[blockOf[i]];
      if (!block || block.tagName === 'PRE' || block.tagName === 'TABLE') return;
      const found = sentenceRange(block, mark.value, last.block === blockOf[i] ? last.end : 0);
      if (!found) return void missed.push(mark.value);
      // The range is the sentence's own words, within its block and shorter than a block of several sentences.
      expect(block.contains(found.range.commonAncestorContainer)).toBe(true);
      expect(found.range.toString().replace(/\s+/g, ' ')).toMatch(new RegExp(`^${mark.value.split(/\s+/)[0].replace(/[^\p{L}\p{N}]/gu, '')}`, 'iu'));
      last = { block: blockOf[i], end: found.end };
    });
    expect(missed).toEqual([]);
  });

  it('skips the source marks of a grounded lesson and finds a sentence across inline markup', () => {
    const { container } = render(<LessonContent markdown="Una **variable** guarda un valor [1]. Se crea _al asignarla_." />);
    const p = container.querySelector('p')!;
    expect(sentenceRange(p, 'Una variable guarda un valor.')?.range.toString()).toBe('Una variable guarda un valor');
    expect(sentenceRange(p, 'Se crea al asignarla.')?.range.toString()).toBe('Se crea al asignarla');
    expect(sentenceRange(p, 'Otra frase que no está.')).toBeUndefined();
    // jsdom has no CSS Custom Highlight API: nothing is painted, the block's mark stays.
    expect(showSentence(undefined)).toBe(false);
  });
});
