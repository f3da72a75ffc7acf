import { offlineToolInput } from '../../../infra/local/offline-writer';
import { SHOWCASE } from '../../../infra/local/showcase';
import { SHOWCASE_DIAGRAMS, withDiagrams } from '../../../infra/local/showcase/diagrams';
import { DIAGRAM_LANG } from '../../../lambdas/contract/diagrams';
import { EVALUATION_RULES, OPTION_LETTERS } from '../../../lambdas/contract';
import { BALANCE_CAP } from '../../../lambdas/evaluations/bank-balance';
import { buildQuestionBank } from '../../../lambdas/evaluations/question-bank';
import { testWiseness } from '../../../lambdas/shared/ai/test-wise';
import { questionProblems } from '../../../lambdas/shared/ai/evaluation-checks';
import { lessonMarkdown } from '../../../lambdas/shared/ai/lesson-markdown';
import { prompts } from '../../../lambdas/shared/ai/prompts';
import { lessonProblems } from '../../../lambdas/shared/ai/text-checks';
import { offlineModel } from '../../support/offline-model';

// The featured courses (issue 33 item 5): team-written content the offline writer serves for its topic.

describe.each(SHOWCASE.map((c) => [c.titulo, c] as const))('the featured course «%s»', (_, course) => {
  const data = { topic: course.temas[0], level: course.nivel, modulos: 5, leccionesPorModulo: 4 };

  it('is the outline for its topic at its level, and the templates answer any other level', () => {
    const outline = prompts.outline.schema.parse(offlineToolInput(prompts.outline.tool, data));
    expect(outline.titulo).toBe(course.titulo);
    expect(outline.modulos.map((m) => m.lecciones.length)).toEqual(course.modulos.map((m) => m.lecciones.length));
    const other = prompts.outline.schema.parse(offlineToolInput(prompts.outline.tool, { ...data, level: course.nivel === 'avanzado' ? 'principiante' : 'avanzado' }));
    expect(other.titulo).not.toBe(course.titulo);
  });

  it('is what its topic, as the course form offers it in demonstration mode (`tema`), asks for', () => {
    const outline = prompts.outline.schema.parse(offlineToolInput(prompts.outline.tool, { ...data, topic: course.tema }));
    expect(outline.titulo).toBe(course.titulo);
  });

  it('serves each lesson by its title, passing the schema and every text check, with titles all distinct', () => {
    const titles = course.modulos.flatMap((m) => m.lecciones.map((l) => l.titulo));
    expect(new Set(titles).size).toBe(titles.length);
    for (const m of course.modulos) {
      for (const l of m.lecciones) {
        const lesson = prompts.lesson.schema.parse(offlineToolInput(prompts.lesson.tool, { curso: data, modulo: m, leccion: { titulo: l.titulo, resumen: l.resumen } }));
        // Issue 43: with the team's diagrams in their sections (showcase/diagrams.ts).
        expect(lesson).toEqual(withDiagrams(l.titulo, l.leccion));
        expect(lessonProblems(lesson)).toEqual([]);
      }
    }
  });

  it('builds each module bank from its questions: every one passes the code checks, the blind verifier and the bank balance', async () => {
    for (const m of course.modulos) {
      const lecciones = m.lecciones.map((l, i) => ({ lessonId: `l0${i + 1}`, titulo: l.titulo, contenido: lessonMarkdown(l.leccion) }));
      const lessons = Object.fromEntries(lecciones.map((l) => [l.lessonId, l.contenido]));
      for (const q of m.preguntas) {
        const generated = { lessonId: `l0${q[0] + 1}`, objetivoId: 'o1', bloom: 'comprender' as const, fuente: q[1], enunciado: q[2], opciones: q[3].map((texto, i) => ({ texto, explicacion: q[4][i] })), correcta: 'A' as const };
        expect([q[2], questionProblems(generated, lessons)]).toEqual([q[2], []]);
      }
      const bank = await buildQuestionBank(offlineModel, { curso: { topic: data.topic, level: data.level, titulo: course.titulo }, modulo: { titulo: m.titulo, descripcion: m.descripcion }, lecciones });
      // Issue 41 item 7: the balance may refuse a few (a key copied from the lesson, the longest too often), never below an attempt.
      expect(bank.preguntas.length).toBeGreaterThanOrEqual(EVALUATION_RULES.questionsPerAttempt);
      const rates = testWiseness(bank.preguntas.map((q) => ({ enunciado: q.enunciado, opciones: q.opciones, key: OPTION_LETTERS.indexOf(q.correcta), leccion: lessons[q.lessonId ?? ''] })));
      for (const rate of Object.values(rates)) expect(rate).toBeLessThanOrEqual(BALANCE_CAP);
    }
  });

  it('has a tutor that answers the question asked, labelled as the team\'s', () => {
    const answer = (mensaje: string) =>
      String(offlineToolInput(prompts.tutor.tool, { mensaje, curso: { titulo: course.titulo, topic: data.topic, level: data.level }, leccionActual: { titulo: course.modulos[0].lecciones[0].titulo } }).respuesta);
    for (const t of course.tutor) {
      const reply = answer(`No entiendo bien qué es ${t.claves.join(' ')}, ¿me lo explicas?`);
      expect(reply).toContain('respuesta escrita por el equipo');
      expect(reply).toContain(t.respuesta);
    }
  });
});

describe('the featured courses\' diagrams (issue 43 item 4)', () => {
  const lessons = SHOWCASE.flatMap((c) => c.modulos.flatMap((m) => m.lecciones));
  const blocks = (md: string) => md.split('\n').filter((line) => line === `\`\`\`${DIAGRAM_LANG}`).length;

  it.each(Object.entries(SHOWCASE_DIAGRAMS))('«%s» carries each of its diagrams, all drawable, in the section it names', (titulo, placed) => {
    const lesson = lessons.find((l) => l.titulo === titulo);
    expect(lesson).toBeDefined();
    for (const p of placed) expect(lesson?.leccion.explicacion.map((s) => s.subtitulo)).toContain(p.tras);
    // lessonMarkdown drops a block that fails the validator: every team-written one survives it.
    expect(blocks(lessonMarkdown(withDiagrams(titulo, lesson!.leccion)))).toBe(placed.length);
  });

  it('include the Roma timeline, a photography cycle and the flow of a Python program', () => {
    const kinds = Object.values(SHOWCASE_DIAGRAMS).flat().map((p) => p.diagrama.tipo);
    expect(kinds).toEqual(expect.arrayContaining(['linea_de_tiempo', 'ciclo', 'proceso']));
  });
});
