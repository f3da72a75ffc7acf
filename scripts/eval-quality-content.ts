import { OPTION_LETTERS, legacyObjectiveOf, legacyObjectives } from '../lambdas/contract';
import type { CourseItem, EvaluationItem, LessonItem } from '../lambdas/course-model/course-items';
import { addressMarks, citationSupport, inflesz, lengthFit, redundancy, termCoverage, testWiseness, type Address, type McQuestion } from './eval-quality-metrics';

// The content figures of one generated course (issue 33 item 1) and the thresholds that fail the run.
// Calibrated on the featured courses (infra/local/showcase/): the team-written text every figure
// must accept, with room for a real model's spread; docs/pipeline.md "Content metrics" lists them.

export interface ContentMetrics {
  /** Largest share of shared five-word sequences between two lessons. */
  redundancia: number;
  /** Lesson length ÷ the prompt's range for the level (1 = inside): the lowest and the highest. */
  longitud: { min: number; max: number; palabras: number };
  /** INFLESZ of the lessons: the lowest and the mean. */
  legibilidad: { min: number; media: number };
  /** Marks of the other form of address than the one asked, and of the asked one. */
  tratamiento: { pedido: Address; otro: number; propio: number };
  /** Lowest share, over modules, of the module's key terms its questions use. */
  terminos: number;
  /** Lowest share, over modules, of the module's objectives measured by at least one question. */
  objetivos: number;
  /** Highest hit rate of a test-wise rule (longest, shortest, stem echo, odd one out, copied from the lesson), and which. */
  testWise: { max: number; regla: string; reglas?: Record<string, number> };
  /** Lowest content-word overlap of a citation's quote with its sentence (1 with no citation), and how many. */
  citas: { min: number; n: number };
}

/** Minimum INFLESZ per level: "normal" for beginners, "somewhat hard" allowed as the level rises. */
const MIN_READABILITY: Record<string, number> = { principiante: 50, intermedio: 42, avanzado: 35 };
export const CONTENT_THRESHOLDS = {
  redundancia: 0.15,
  longitud: [0.8, 1.25] as [number, number],
  legibilidad: MIN_READABILITY,
  tratamiento: 0,
  terminos: 0.5,
  objetivos: 1,
  testWise: 0.35,
  citas: 0.3,
};

const optionText = (o: unknown) => (typeof o === 'string' ? o : String((o as { texto?: string })?.texto ?? ''));
const round = (n: number, d = 2) => Math.round(n * 10 ** d) / 10 ** d;

export function contentMetrics(course: CourseItem, lessons: LessonItem[], evaluations: EvaluationItem[], pedido: Address = 'tu'): ContentMetrics {
  const texts = lessons.filter((l) => l.contenido).map((l) => l.contenido as string);
  const fits = texts.map((t) => lengthFit(t, course.nivel));
  const read = texts.map(inflesz);
  const questions = evaluations.flatMap((e) => e.preguntas ?? []);
  const marks = [...texts, ...questions.map((q) => q.enunciado)].map(addressMarks);
  const otro: Address = pedido === 'tu' ? 'usted' : 'tu';
  // The literal rule reads the lesson each question rests on (a key copied word for word from it).
  const lessonOf = (moduleId: string, lessonId: string) => lessons.find((l) => l.moduleId === moduleId && l.lessonId === lessonId)?.contenido;
  const mc: McQuestion[] = evaluations.flatMap((e) =>
    (e.preguntas ?? []).map((q) => ({ enunciado: q.enunciado, opciones: (q.opciones as unknown[]).map(optionText), key: OPTION_LETTERS.indexOf(q.correcta), leccion: lessonOf(e.moduleId, q.lessonId ?? '') })),
  );
  const rates = testWiseness(mc);
  const wise = Object.entries(rates).sort((a, b) => b[1] - a[1])[0] ?? ['–', 0];
  const perModule = course.modulos.map((m) => {
    const qs = evaluations.find((e) => e.moduleId === m.moduleId)?.preguntas ?? [];
    const qTexts = qs.flatMap((q) => [q.enunciado, ...(q.opciones as unknown[]).map(optionText), ...(q.explicaciones ?? []), q.explicacion]);
    const objectives = (m as { objetivos?: { id: string }[] }).objetivos ?? legacyObjectives(m.lecciones);
    const lessonIds = m.lecciones.map((l) => l.lessonId);
    const measured = new Set(qs.map((q) => (q as { objetivoId?: string }).objetivoId ?? legacyObjectiveOf(lessonIds, q.lessonId)));
    return {
      terms: termCoverage(m.plan?.terminosClave ?? [], qTexts).value,
      objectives: objectives.length ? objectives.filter((o) => measured.has(o.id)).length / objectives.length : 1,
    };
  });
  const support = lessons.flatMap((l) => (l.contenido && l.fuentes ? citationSupport(l.contenido, l.fuentes) : []));
  return {
    redundancia: round(redundancy(texts).value),
    longitud: { min: round(Math.min(...fits.map((f) => f.ratio), 1)), max: round(Math.max(...fits.map((f) => f.ratio), 1)), palabras: Math.round(fits.reduce((n, f) => n + f.words, 0) / (fits.length || 1)) },
    legibilidad: { min: round(Math.min(...read), 1), media: round(read.reduce((n, r) => n + r, 0) / (read.length || 1), 1) },
    tratamiento: { pedido, otro: marks.reduce((n, x) => n + x[otro], 0), propio: marks.reduce((n, x) => n + x[pedido], 0) },
    terminos: round(Math.min(1, ...perModule.map((x) => x.terms))),
    objetivos: round(Math.min(1, ...perModule.map((x) => x.objectives))),
    testWise: { max: round(wise[1]), regla: wise[0], reglas: Object.fromEntries(Object.entries(rates).map(([r, v]) => [r, round(v)])) },
    citas: { min: round(Math.min(1, ...support.map((s) => s.overlap))), n: support.length },
  };
}

const pct = (n: number) => `${Math.round(n * 100)} %`;
/** The thresholds a course's figures break, as Spanish sentences for the report. */
export function contentProblems(m: ContentMetrics, level: string): string[] {
  const t = CONTENT_THRESHOLDS;
  const p: string[] = [];
  if (m.redundancia > t.redundancia) p.push(`redundancia: dos lecciones comparten el ${pct(m.redundancia)} de sus secuencias de cinco palabras (máximo ${pct(t.redundancia)})`);
  if (m.longitud.min < t.longitud[0] || m.longitud.max > t.longitud[1]) p.push(`longitud: una lección queda en ${m.longitud.min < t.longitud[0] ? m.longitud.min : m.longitud.max} × el rango pedido (admitido ${t.longitud[0]}–${t.longitud[1]})`);
  const minRead = t.legibilidad[level] ?? t.legibilidad.principiante;
  if (m.legibilidad.min < minRead) p.push(`legibilidad: una lección tiene INFLESZ ${m.legibilidad.min} (mínimo ${minRead} para ${level})`);
  if (m.tratamiento.otro > t.tratamiento) p.push(`tratamiento: ${m.tratamiento.otro} marcas de «${m.tratamiento.pedido === 'tu' ? 'usted' : 'tú'}» en un curso que trata de «${m.tratamiento.pedido === 'tu' ? 'tú' : 'usted'}»`);
  if (m.terminos < t.terminos) p.push(`términos clave: las preguntas de un módulo usan el ${pct(m.terminos)} de sus términos (mínimo ${pct(t.terminos)})`);
  if (m.objetivos < t.objetivos) p.push(`objetivos: las preguntas de un módulo miden el ${pct(m.objetivos)} de sus objetivos (todos deben medirse)`);
  p.push(...testWiseProblems(m));
  if (m.citas.n && m.citas.min < t.citas) p.push(`citas: una cita comparte solo el ${pct(m.citas.min)} de las palabras de su frase (mínimo ${pct(t.citas)})`);
  return p;
}

/**
 * The test-wise threshold (issue 41 item 7): judged on every bank, demonstration content included,
 * since every bank the pipeline writes is balanced by code (lambdas/evaluations/bank-balance.ts).
 */
export function testWiseProblems(m: ContentMetrics): string[] {
  const t = CONTENT_THRESHOLDS.testWise;
  return m.testWise.max > t ? [`adivinanza: la regla «${m.testWise.regla}» acierta el ${pct(m.testWise.max)} de las claves (máximo ${pct(t)})`] : [];
}
