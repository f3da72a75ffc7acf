import { offlineToolInput } from '../../../infra/local/offline-writer';
import { fotografia } from '../../../infra/local/showcase/fotografia';
import { resetContentFaults } from '../../../infra/local/showcase/content-faults';
import { cardsFromLesson } from '../../../lambdas/review/cards';
import { buildQuestionBank } from '../../../lambdas/evaluations/question-bank';
import { citationProblems, type GroundPassage } from '../../../lambdas/shared/ai/citations';
import { lessonMarkdown, lessonMarkdownAsWritten, lessonTexts } from '../../../lambdas/shared/ai/lesson-markdown';
import { diagramBlocks } from '../../../lambdas/shared/ai/lesson-diagrams';
import { writeLesson } from '../../../lambdas/shared/ai/lesson-writer';
import { course } from '../tutor/fakes';
import { diagramProblems } from '../../../lambdas/contract/diagrams';
import { offlineDiagramRepair } from '../../../infra/local/offline-writer-diagrams';
import { prompts } from '../../../lambdas/shared/ai/prompts';
import { groundedLessonPrompt } from '../../../lambdas/shared/ai/prompts/grounded';
import { lessonProblems, lessonStructureProblems } from '../../../lambdas/shared/ai/text-checks';
import { contentProblems } from '../../../scripts/eval-quality-content';
import { redundancy } from '../../../scripts/eval-quality-metrics';
import { offlineModel } from '../../support/offline-model';

// Issue 33 item 5: each content fault the offline writer injects on request (MENTORA_CONTENT_FAULTS)
// is caught by the check meant for it, and the same content without the fault passes that check.

const curso = { topic: 'Fotografía digital', level: 'principiante' };
const [m1] = fotografia.modulos;
const lesson = (i: number) => prompts.lesson.schema.parse(offlineToolInput(prompts.lesson.tool, { curso, modulo: m1, leccion: { titulo: m1.lecciones[i].titulo, resumen: m1.lecciones[i].resumen } }));
const withFaults = async <T>(faults: string, run: () => T | Promise<T>) => {
  process.env.MENTORA_CONTENT_FAULTS = faults;
  resetContentFaults();
  try {
    return await run();
  } finally {
    delete process.env.MENTORA_CONTENT_FAULTS;
  }
};

it('ingles: a lesson in English fails the Spanish check', async () => {
  expect(lessonProblems(lesson(0))).toEqual([]);
  expect((await withFaults('ingles', () => lessonProblems(lesson(0)))).map((p) => p.check)).toContain('idioma');
});

it('relleno: chatter around a lesson fails the chatter check', async () => {
  expect((await withFaults('relleno', () => lessonProblems(lesson(0)))).map((p) => p.check)).toEqual(['relleno']);
});

it('clave: questions keyed to a wrong option are refused by the blind verifier, and the bank fails', async () => {
  const lecciones = m1.lecciones.map((l, i) => ({ lessonId: `l0${i + 1}`, titulo: l.titulo, contenido: lessonMarkdown(l.leccion) }));
  const input = { curso: { ...curso, titulo: fotografia.titulo }, modulo: { titulo: m1.titulo, descripcion: m1.descripcion }, lecciones };
  expect((await buildQuestionBank(offlineModel, input)).preguntas.length).toBeGreaterThanOrEqual(20);
  await expect(withFaults('clave', () => buildQuestionBank(offlineModel, input))).rejects.toThrow(/Solo 0 preguntas/);
});

it('cita: a forged quote in a grounded lesson fails the citation check', async () => {
  const pasajes: GroundPassage[] = [
    { n: 1, materialId: 'mat', titulo: 'El ciclo del agua', pagina: 1, texto: 'El sol calienta el agua de los océanos y la convierte en vapor. El vapor sube y se enfría en la atmósfera.' },
    { n: 2, materialId: 'mat', titulo: 'El ciclo del agua', pagina: 2, texto: 'Las gotas de las nubes crecen hasta caer como lluvia. Los ríos devuelven el agua al mar.' },
  ];
  const data = { leccion: { titulo: 'La evaporación' }, pasajes: pasajes.map((p) => ({ n: p.n, material: p.titulo, pagina: p.pagina, texto: p.texto })) };
  const write = () => groundedLessonPrompt.schema.parse(offlineToolInput(groundedLessonPrompt.tool, data));
  const problems = (l: ReturnType<typeof write>) => citationProblems(lessonTexts(l).join('\n'), l.fuentes, pasajes);
  expect(problems(write())).toEqual([]);
  expect(await withFaults('cita', () => problems(write()))).not.toEqual([]);
});

it('repetidas: the same lesson twice breaks the redundancy threshold of eval:quality', async () => {
  const figures = (a: string, b: string) => contentProblems({ redundancia: redundancy([a, b]).value, longitud: { min: 1, max: 1, palabras: 700 }, legibilidad: { min: 70, media: 70 }, tratamiento: { pedido: 'tu', otro: 0, propio: 1 }, terminos: 1, objetivos: 1, testWise: { max: 0.25, regla: 'larga' }, citas: { min: 1, n: 0 } }, 'principiante');
  expect(figures(lessonMarkdown(lesson(0)), lessonMarkdown(lesson(1)))).toEqual([]);
  const [a, b] = await withFaults('repetidas', () => [lesson(0), lesson(1)]);
  expect(figures(lessonMarkdown(a), lessonMarkdown(b))[0]).toMatch(/^redundancia/);
});

it('lista: a numbered list inside a self-check answer still counts as one answer, and its card keeps it', async () => {
  const l = await withFaults('lista', () => lesson(1));
  expect(l.autoevaluacion[0].respuesta).toContain('1. Fija la apertura.');
  expect(lessonProblems(l)).toEqual([]);
  const cards = cardsFromLesson('c', 'm01', 'l02', m1.lecciones[1].titulo, lessonMarkdown(l));
  expect(cards.map((c) => c.enunciado)).toEqual(l.autoevaluacion.map((q) => q.pregunta));
  expect(cards[1].respuesta).toBe(l.autoevaluacion[1].respuesta);
});

describe('issue 43: diagrams on the model path', () => {
  const c = course();
  const subject = { course: c, module: c.modulos[0], lessonId: 'l01' };
  const blocks = (md: string) => diagramBlocks(md);

  it('a generated lesson carries a process diagram of its steps that the validator accepts', async () => {
    const written = await writeLesson(offlineModel, subject);
    expect(blocks(written.markdown).map((b) => b.problems)).toEqual([[]]);
    expect(JSON.parse(blocks(written.markdown)[0].body)).toMatchObject({ tipo: 'proceso', nodos: [{ id: 'p1' }, { id: 'p2' }, { id: 'p3' }] });
    expect(written).toMatchObject({ diagramas: { escritos: 1, validos: 1, reparados: 0, descartados: 0 } });
    expect(written.repair).toBeUndefined();
  });

  it('diagrama_roto: the broken diagram is fixed on the repair turn and kept', async () => {
    const written = await withFaults('diagrama_roto', () => writeLesson(offlineModel, subject));
    expect(written.diagramas).toEqual({ escritos: 1, validos: 0, reparados: 1, descartados: 0 });
    expect(blocks(written.markdown).map((b) => b.problems)).toEqual([[]]);
    expect(written.repair?.promptVersion).toBe('diagramas-v1');
  });

  it('diagrama_irreparable: still broken after the repair turn, it is dropped and the lesson kept', async () => {
    const written = await withFaults('diagrama_irreparable', () => writeLesson(offlineModel, subject));
    expect(written.diagramas).toEqual({ escritos: 1, validos: 0, reparados: 0, descartados: 1 });
    expect(blocks(written.markdown)).toEqual([]);
    expect(lessonStructureProblems(written.markdown)).toEqual([]);
  });

  it('diagrama_roto on a featured lesson breaks a diagram the repair can fix (its own, or one added)', async () => {
    for (const i of m1.lecciones.keys()) {
      const [block] = diagramBlocks(lessonMarkdownAsWritten(await withFaults('diagrama_roto', () => lesson(i))));
      expect(block.problems.join(' ')).toMatch(/repetidos.*pasa de 48.*no tiene texto/);
      expect(offlineDiagramRepair({ diagramas: [{ n: 1, bloque: block.body }] }).diagramas.map((d) => diagramProblems(d.diagrama))).toEqual([[]]);
    }
  });
});
