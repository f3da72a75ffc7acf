import { ModelError } from './model-errors';
import { lessonMarkdownAsWritten } from './lesson-markdown';
import { repairDiagrams } from './diagram-repair';
import { keepSourcedLinks } from './links';
import { prompts } from './prompts';
import { withDiagramRule } from './prompts/diagrams';
import { noQualityCounters, type QualityCounters } from './quality-counters';
import type { StructuredModel } from './structured-output';
import { lessonProblems, taughtLanguage, type TextProblem } from './text-checks';
import { citationProblems, mapStrings, numberSources, type GroundPassage } from './citations';
import { groundedLessonPrompt } from './prompts/grounded';
import { lessonTexts } from './lesson-markdown';
import type { GroundedLessonOutput } from './schemas';
import { courseOutline, lessonObjectives, type ContextModule, type LearnerLocale, type PreviousSummary } from './lesson-context';

export type { LearnerLocale } from './lesson-context';

// Issue 43: the lesson prompts as sent, with the diagram rule (kept out of the prompts index: prompts/diagrams.ts).
const LESSON_PROMPT = withDiagramRule(prompts.lesson);
const GROUNDED_LESSON_PROMPT = withDiagramRule(groundedLessonPrompt);

/** The purpose a diagram repair turn's spend is recorded under on the course (its `versionesPrompt`). */
export const DIAGRAM_SPEND = 'diagramas';

// Writes one lesson from the course plan, for the pipeline's Lesson task and for regeneration
// (POST /lesson/generate): the same data, the same checks, the same counters.

/** The module as the writer reads it (the course model's OutlineModule fits it; shared code imports no group). */
export interface LessonModule extends ContextModule {
  titulo: string;
  descripcion: string;
  plan?: { objetivos: string[]; terminosClave: string[]; conceptosErroneos: string[]; ejemploConductor: string };
}

export interface LessonSubject {
  /** `modulos`: the whole outline (issue 33), which the prompt shows bounded; absent, only this module. */
  course: { topic: string; nivel: string; titulo: string; descripcion?: string; objetivos?: string[]; modulos?: ContextModule[] };
  module: LessonModule;
  lessonId: string;
  /** Issue 33: the summaries of the lessons before this one already written (lesson-context.ts previousSummaries). */
  anteriores?: PreviousSummary[];
  /** Issue 33: the learner's country (its name) and form of address, from the profile; absent: not chosen. */
  alumno?: LearnerLocale;
  /**
   * Issue 24: the passages of the learner's material retrieved for this lesson. With them the lesson
   * is written from them only, with ` [n]` marks and a verbatim quote behind each (citations.ts).
   */
  pasajes?: GroundPassage[];
}

/**
 * The lesson prompt's data: the course's goal and outline, the module's plan, the neighbours, the
 * objectives this lesson teaches, what the lessons before it said, the learner's country and address.
 */
export function lessonPromptData({ course, module, lessonId, anteriores, alumno }: LessonSubject) {
  const at = module.lecciones.findIndex((l) => l.lessonId === lessonId);
  const lesson = module.lecciones[at];
  const titles = (ls: LessonModule['lecciones']) => ls.map((l) => l.titulo);
  return {
    curso: {
      topic: course.topic,
      level: course.nivel,
      titulo: course.titulo,
      meta: [course.descripcion, ...(course.objetivos ?? [])].filter(Boolean).join(' · ') || course.titulo,
    },
    modulo: { titulo: module.titulo, descripcion: module.descripcion, ...(module.plan ?? {}) },
    anteriores: titles(module.lecciones.slice(0, Math.max(at, 0))),
    siguientes: titles(module.lecciones.slice(at + 1)),
    leccion: { titulo: lesson?.titulo ?? '', resumen: lesson?.resumen ?? '' },
    temario: courseOutline(course.modulos ?? [module], module.moduleId, lessonId),
    objetivosLeccion: lessonObjectives(module, lessonId),
    resumenesAnteriores: anteriores ?? [],
    alumno: { tratamiento: alumno?.tratamiento ?? 'tu', ...(alumno?.pais && { pais: alumno.pais }) },
  };
}

/**
 * Asks for the lesson with the text checks as the call's `check`: a lesson in English, with chatter
 * or missing a section gets one repair turn naming the problem, then fails (InvalidModelOutput).
 * Every problem found is counted per prompt version (detected on the first answer, failed on the second).
 * Its diagrams then get their own repair turn (diagram-repair.ts): `repair` is that call, whose spend
 * the caller adds to the course as it adds the lesson's.
 */
export async function writeLesson(model: StructuredModel, subject: LessonSubject, counters: QualityCounters = noQualityCounters) {
  // Even with no passage found (a material deleted since), a grounded lesson is never written from memory: it says the material does not cover it.
  if (subject.pasajes) return writeGroundedLesson(model, subject, subject.pasajes);
  const data = lessonPromptData(subject);
  const rounds: TextProblem[][] = [];
  const count = async (round: TextProblem[], outcome: 'detectado' | 'fallido') =>
    Promise.all([...new Set(round.map((p) => p.check))].map((c) => counters.record(prompts.lesson.version, c, outcome)));
  try {
    const result = await model(LESSON_PROMPT, data, {
      check: (value) => {
        const found = lessonProblems(value, taughtLanguage(subject.course.topic));
        rounds.push(found);
        return found.map((p) => p.message);
      },
    });
    // Issue 43: its diagrams repaired once or dropped. Issue 31: a lesson without material has no source a link could come from.
    const noLinks = (text: string) => keepSourcedLinks(text, []);
    const drawn = await repairDiagrams(model, lessonMarkdownAsWritten(result.value), data.leccion.titulo, noLinks);
    return { ...result, markdown: noLinks(drawn.markdown), problems: rounds.flat(), diagramas: drawn.outcome, repair: drawn.repair };
  } catch (error) {
    if (error instanceof ModelError && rounds.length === 2) await count(rounds[1], 'fallido').catch(() => undefined);
    throw error;
  } finally {
    // A counter that cannot be written never costs the learner their lesson.
    if (rounds[0]?.length) await count(rounds[0], 'detectado').catch(() => undefined);
  }
}

/** The passages as the prompt shows them: number, material, page and text. */
const passagesData = (pasajes: GroundPassage[]) => pasajes.map((p) => ({ n: p.n, material: p.titulo, pagina: p.pagina, texto: p.texto }));

/**
 * A lesson from the learner's material: the text checks and the citation checks are the call's
 * `check`, so a forged quote or a mark without its quote gets the repair turn, then fails
 * (InvalidModelOutput, the Lesson state's retries and Catch); what is returned is sound, renumbered
 * 1..k in reading order, with each source's material and page.
 */
async function writeGroundedLesson(model: StructuredModel, subject: LessonSubject, pasajes: GroundPassage[]) {
  const data = { ...lessonPromptData(subject), pasajes: passagesData(pasajes) };
  const all = (l: GroundedLessonOutput) => lessonTexts(l).join('\n');
  const result = await model(GROUNDED_LESSON_PROMPT, data, {
    check: (value) => [...lessonProblems(value, taughtLanguage(subject.course.topic)).map((p) => p.message), ...citationProblems(all(value), value.fuentes, pasajes)],
  });
  const { fuentes, renumber } = numberSources(all(result.value), result.value.fuentes, pasajes);
  const { fuentes: _cited, ...lesson } = mapStrings(result.value, renumber);
  // Issue 31: a link stays only if one of the passages carries it (not a planted or invented one), in its diagrams too.
  const sourced = (text: string) => keepSourcedLinks(text, pasajes.map((p) => p.texto));
  const drawn = await repairDiagrams(model, lessonMarkdownAsWritten(lesson), data.leccion.titulo, sourced);
  return { ...result, markdown: sourced(drawn.markdown), fuentes, problems: [] as TextProblem[], diagramas: drawn.outcome, repair: drawn.repair };
}
