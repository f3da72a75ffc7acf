import type { Objective } from '../contract';
import { type CourseItem, type EvaluationItem, lessonObjectives, moduleObjectives } from '../course-model';
import { MASTERY, type ObjectiveMastery } from '../learner-model';
import { badRequest } from '../shared/errors';

// What the tutor knows of this learner's learning (issue 32 item 7): the objectives of the course
// the learner model holds below mastery, and the misconceptions behind the wrong options they chose
// in recent attempts. Both bounded (top 3 each), both the learner's own data: they reach the model
// inside the prompt's fenced data block, like every other field (prompts/fence.ts). Pure.

export const MAX_WEAK_OBJECTIVES = 3;
export const MAX_MISCONCEPTIONS = 3;
export const FOREIGN_OBJECTIVE = 'Ese objetivo no es de este curso.';

const LETTERS = ['A', 'B', 'C', 'D'];

export interface WeakObjective {
  objectiveKey: string;
  modulo: string;
  enunciado: string;
  bloom: Objective['bloom'];
  /** P(mastered) in percent. */
  dominio: number;
}

export interface CourseObjective {
  objectiveKey: string;
  moduleId: string;
  modulo: string;
  objective: Objective;
}

/** The course's objective at `objectiveKey` (`m02.o3`), stored or by the legacy one-per-lesson mapping. */
export function courseObjective(course: CourseItem, objectiveKey: string): CourseObjective | undefined {
  const [moduleId, id] = objectiveKey.split('.');
  const m = (course.modulos ?? []).find((x) => x.moduleId === moduleId);
  const objective = m && moduleObjectives(m).find((o) => o.id === id);
  return m && objective ? { objectiveKey, moduleId: m.moduleId, modulo: m.titulo, objective } : undefined;
}

/**
 * Objectives with evidence and below mastery, weakest first. An objective never answered is not
 * listed: the model knows nothing of it yet (its prior is not a finding about this learner).
 */
export function weakObjectives(course: CourseItem, mastery: Record<string, ObjectiveMastery>, limit = MAX_WEAK_OBJECTIVES): WeakObjective[] {
  return Object.values(mastery)
    .filter((m) => m.evidencias > 0 && m.p < MASTERY)
    .sort((a, b) => a.p - b.p || a.objectiveKey.localeCompare(b.objectiveKey))
    .flatMap((m) => {
      const o = courseObjective(course, m.objectiveKey);
      return o ? [{ objectiveKey: m.objectiveKey, modulo: o.modulo, enunciado: o.objective.enunciado, bloom: o.objective.bloom, dominio: Math.round(m.p * 100) }] : [];
    })
    .slice(0, limit);
}

/**
 * The misconceptions (`conceptoErroneo` of the bank, per option) behind the wrong options the learner
 * chose, newest attempt first, each said once. Only of options the learner chose and was told were
 * wrong: nothing about which option is right.
 */
export function recentMisconceptions(course: CourseItem, evaluations: EvaluationItem[], limit = MAX_MISCONCEPTIONS): { modulo: string; idea: string }[] {
  const titles = new Map((course.modulos ?? []).map((m) => [m.moduleId, m.titulo]));
  const seen = new Set<string>();
  const out: { modulo: string; idea: string }[] = [];
  const attempts = evaluations.flatMap((e) => (e.intentos ?? []).map((a) => ({ e, a }))).sort((x, y) => y.a.fecha.localeCompare(x.a.fecha));
  for (const { e, a } of attempts) {
    const byId = new Map((e.preguntas ?? []).map((q) => [q.preguntaId, q]));
    for (const [id, letter] of Object.entries(a.respuestas ?? {})) {
      const q = byId.get(id);
      const idea = q && letter !== q.correcta ? q.conceptosErroneos?.[LETTERS.indexOf(letter)]?.trim() : undefined;
      if (!idea || seen.has(idea)) continue;
      seen.add(idea);
      out.push({ modulo: titles.get(e.moduleId) ?? e.moduleId, idea });
      if (out.length >= limit) return out;
    }
  }
  return out;
}

/** The objective a "Practiquemos…" request names, checked against the course (a Spanish 400 otherwise). */
export function practiceObjective(course: CourseItem, objectiveKey: string): CourseObjective {
  const o = courseObjective(course, objectiveKey);
  if (!o) throw badRequest(FOREIGN_OBJECTIVE);
  return o;
}

/** The first lesson that teaches the objective: its passages ground the practice question. */
export function teachingLesson(course: CourseItem, o: CourseObjective): string | undefined {
  const m = (course.modulos ?? []).find((x) => x.moduleId === o.moduleId);
  return m?.lecciones.find((l) => lessonObjectives(m, l.lessonId).includes(o.objective.id))?.lessonId;
}

/** What the prompt asks of the tutor when a practice conversation starts. */
export const PRACTICE_GUIDANCE =
  'empieza con UNA pregunta breve sobre este objetivo, a su nivel de Bloom (que el alumno recuerde, explique o aplique), ' +
  'sin explicar antes la respuesta; espera a que responda y, después, corrige su respuesta a partir de la lección';

/** The prompt's `practica` block. */
export const practiceData = (o: CourseObjective) => ({ objectiveKey: o.objectiveKey, modulo: o.modulo, objetivo: o.objective.enunciado, bloom: o.objective.bloom, guia: PRACTICE_GUIDANCE });
