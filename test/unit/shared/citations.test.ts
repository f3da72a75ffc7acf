import { citationProblems, keepVerified, marksIn, numberSources, quotes, type GroundPassage } from '../../../lambdas/shared/ai/citations';
import { writeLesson } from '../../../lambdas/shared/ai/lesson-writer';
import type { StructuredModel } from '../../../lambdas/shared/ai/structured-output';
import { offlineGroundedLesson } from '../../../infra/local/offline-writer-grounded';

// Issue 24: a grounded text is stored only when every quote is in its passage and every mark has
// its quote. The forged quotes first.

const passages: GroundPassage[] = [
  { n: 1, materialId: 'm1', titulo: 'Biología', pagina: 3, texto: 'Las plantas verdes convierten la energía de la luz\nen energía química dentro de los cloroplastos.' },
  { n: 2, materialId: 'm1', titulo: 'Biología', pagina: 4, texto: 'En la fase luminosa se libera oxígeno a la atmósfera.' },
];

describe('citationProblems: what is refused', () => {
  it('refuses a cita that is not in its passage (a forged or paraphrased quote)', () => {
    const problems = citationProblems('Las plantas fabrican azúcar con la luz [1].', [{ n: 1, cita: 'las plantas fabrican azúcar con la luz' }], passages);
    expect(problems).toEqual([expect.stringContaining('La cita de la fuente 1 no está literalmente en el pasaje 1')]);
  });

  it('refuses a cita quoted from another passage than the one it is numbered with', () => {
    expect(citationProblems('Se libera oxígeno [1].', [{ n: 1, cita: 'se libera oxígeno a la atmósfera' }], passages)).toHaveLength(1);
  });

  it('refuses a mark without its source, a source that is no passage, and one passage cited twice', () => {
    const problems = citationProblems('Una idea [1]. Otra [2]. Otra más [7].', [
      { n: 1, cita: 'energía química dentro' },
      { n: 1, cita: 'Las plantas verdes' },
      { n: 7, cita: 'lo que sea de un pasaje' },
    ], passages);
    expect(problems).toEqual([
      expect.stringContaining('La fuente 1 aparece dos veces'),
      expect.stringContaining('La fuente 7 no es ningún pasaje'),
      expect.stringContaining('El texto marca [2] pero "fuentes" no tiene la fuente 2'),
    ]);
  });

  it('refuses a text that cites nothing unless it says the material does not cover the subject', () => {
    expect(citationProblems('Las plantas hacen fotosíntesis.', [], passages)).toEqual([expect.stringContaining('No citas ningún pasaje')]);
    expect(citationProblems('El material no trata la respiración celular.', [], passages)).toEqual([]);
  });

  it('refuses a quote of fewer than 8 characters (a word proves nothing)', () => {
    expect(quotes(passages[0].texto, 'luz')).toBe(false);
  });
});

describe('citationProblems: what is accepted', () => {
  it('accepts verbatim quotes, across a line break of the passage', () => {
    const text = 'Las plantas convierten la luz en energía química [1]. Además liberan oxígeno [2].';
    expect(citationProblems(text, [{ n: 1, cita: 'energía de la luz en energía química' }, { n: 2, cita: 'se libera oxígeno' }], passages)).toEqual([]);
  });

  it('numbers the sources 1..k in reading order, with material and page, and renumbers the marks', () => {
    const text = 'Primero el oxígeno [2]. Luego la luz [1]. Otra vez el oxígeno [2].';
    const { fuentes, renumber } = numberSources(text, [{ n: 1, cita: 'dentro de los  cloroplastos' }, { n: 2, cita: 'se libera oxígeno' }], passages);
    expect(fuentes).toEqual([
      { n: 1, materialId: 'm1', titulo: 'Biología', pagina: 4, cita: 'se libera oxígeno' },
      { n: 2, materialId: 'm1', titulo: 'Biología', pagina: 3, cita: 'dentro de los cloroplastos' },
    ]);
    expect(renumber(text)).toBe('Primero el oxígeno [1]. Luego la luz [2]. Otra vez el oxígeno [1].');
    expect(marksIn('a[1] no es marca; b [3] sí')).toEqual([3]);
  });
});

describe('writeLesson with passages', () => {
  const subject = {
    course: { topic: 'Fotosíntesis', nivel: 'principiante', titulo: 'Fotosíntesis' },
    module: { titulo: 'La luz', descripcion: 'Cómo usan la luz las plantas.', lecciones: [{ lessonId: 'l01', titulo: 'La fase luminosa', resumen: 'Qué pasa con la luz.' }] },
    lessonId: 'l01',
    pasajes: passages,
  };
  const answering = (value: Record<string, unknown>, seen: string[][]): StructuredModel =>
    (async (spec: { version: string }, _data: unknown, options?: { check?: (v: unknown) => string[] }) => {
      seen.push(options?.check?.(value) ?? []);
      return { value, usage: { inputTokens: 1, outputTokens: 1 }, modelId: 'm', promptVersion: spec.version, demo: true };
    }) as unknown as StructuredModel;

  it("hands a forged quote to the call's check (the repair turn), never to the stored lesson", async () => {
    const lesson = offlineGroundedLesson({ leccion: { titulo: 'La fase luminosa' }, pasajes: passages.map((p) => ({ ...p, material: p.titulo })) });
    const forged = { ...lesson, fuentes: [{ n: 1, cita: 'Las plantas fabrican oro' }, ...lesson.fuentes.slice(1)] };
    const seen: string[][] = [];
    await writeLesson(answering(forged, seen), subject);
    expect(seen[0]).toEqual([expect.stringContaining('La cita de la fuente 1 no está literalmente')]);
  });

  it('writes from the grounded prompt even when no passage was found: the lesson says the material does not cover it', async () => {
    const empty = offlineGroundedLesson({ leccion: { titulo: 'La fase luminosa' }, pasajes: [] });
    const versions: string[] = [];
    const model = (async (spec: { version: string }, _d: unknown, options?: { check?: (v: unknown) => string[] }) => {
      versions.push(spec.version);
      expect(options?.check?.(empty)).toEqual([]);
      return { value: empty, usage: { inputTokens: 1, outputTokens: 1 }, modelId: 'm', promptVersion: spec.version, demo: true };
    }) as unknown as StructuredModel;
    const written = await writeLesson(model, { ...subject, pasajes: [] });
    expect(versions).toEqual(['leccion-fuentes-v2']);
    expect(written.markdown).toContain('El material no trata');
    expect('fuentes' in written && written.fuentes).toEqual([]);
  });

  it('stores a sound lesson with its numbered sources, every mark resolving', async () => {
    const lesson = offlineGroundedLesson({ leccion: { titulo: 'La fase luminosa' }, pasajes: passages.map((p) => ({ ...p, material: p.titulo })) });
    const seen: string[][] = [];
    const written = await writeLesson(answering(lesson, seen), subject);
    expect(seen[0]).toEqual([]);
    expect('fuentes' in written && written.fuentes.map((f) => f.n)).toEqual([1, 2]);
    expect(marksIn(written.markdown)).toEqual([1, 2]);
    expect(written.markdown).not.toContain('"fuentes"');
  });
});

describe('keepVerified (the tutor: no repair turn, so what does not hold is taken out)', () => {
  it('drops a forged cita and its mark, keeps and renumbers the sound ones', () => {
    const text = 'Se libera oxígeno [2]. Las plantas fabrican oro [1].';
    const { text: kept, fuentes } = keepVerified(text, [{ n: 1, cita: 'Las plantas fabrican oro' }, { n: 2, cita: 'se libera oxígeno a la atmósfera' }], passages);
    expect(kept).toBe('Se libera oxígeno [1]. Las plantas fabrican oro.');
    expect(fuentes).toEqual([{ n: 1, materialId: 'm1', titulo: 'Biología', pagina: 4, cita: 'se libera oxígeno a la atmósfera' }]);
  });

  it('takes out marks with no source at all, and answers no sources without material', () => {
    expect(keepVerified('Una idea [3].', undefined, passages)).toEqual({ text: 'Una idea.', fuentes: [] });
    expect(keepVerified('Sin material.', undefined, [])).toEqual({ text: 'Sin material.', fuentes: [] });
  });
});
