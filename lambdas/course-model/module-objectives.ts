import { legacyObjectiveOf, legacyObjectives, OBJECTIVE_RULES, type Objective } from '../contract';
import type { OutlineModule } from './course-items';

// A module's objectives as every reader sees them (issue 32, contract/objectives.ts): the stored
// ones, or one per lesson on a course from before. Pure.

/** The module's objectives: stored, or the legacy one-per-lesson mapping. */
export const moduleObjectives = (m: Pick<OutlineModule, 'objetivos' | 'lecciones'>): Objective[] =>
  // A lesson title may be shorter than a statement's 5 characters ("Git"): said as what it is.
  m.objetivos?.length ? m.objetivos : legacyObjectives(m.lecciones).map((o) => (o.enunciado.length < 5 ? { ...o, enunciado: `Comprender «${o.enunciado}»` } : o));

/** The ids a lesson teaches: stored, or its own legacy objective. */
export function lessonObjectives(m: Pick<OutlineModule, 'objetivos' | 'lecciones'>, lessonId: string): string[] {
  const lesson = m.lecciones.find((l) => l.lessonId === lessonId);
  if (m.objetivos?.length) return lesson?.objetivos ?? [];
  const legacy = legacyObjectiveOf(m.lecciones.map((l) => l.lessonId), lessonId);
  return legacy ? [legacy] : [];
}

/** The objective a bank question measures: its own when the module has it, else its lesson's first. */
export function questionObjective(m: Pick<OutlineModule, 'objetivos' | 'lecciones'>, q: { objetivoId?: string; lessonId?: string }): string | undefined {
  const ids = new Set(moduleObjectives(m).map((o) => o.id));
  if (q.objetivoId && ids.has(q.objetivoId) && m.objetivos?.length) return q.objetivoId;
  return (q.lessonId && lessonObjectives(m, q.lessonId)[0]) || undefined;
}

/**
 * A model's objectives made consistent (the pipeline, before anything is stored): ids renumbered
 * o1…oN in the order written (at most OBJECTIVE_RULES.maxPerModule), lessons' references mapped and
 * unknown ones dropped, and an objective no lesson teaches given to a lesson in turn.
 */
export function consistentObjectives<L extends { objetivos?: string[] }>(objectives: readonly Objective[] | undefined, lessons: readonly L[]): { objetivos: Objective[]; lecciones: (L & { objetivos: string[] })[] } {
  const kept = (objectives ?? []).slice(0, OBJECTIVE_RULES.maxPerModule);
  const renamed = new Map<string, string>();
  const objetivos = kept.map((o, i) => {
    const id = `o${i + 1}`;
    if (!renamed.has(o.id)) renamed.set(o.id, id);
    return { ...o, id };
  });
  const lecciones = lessons.map((l) => ({ ...l, objetivos: [...new Set((l.objetivos ?? []).flatMap((id) => renamed.get(id) ?? []))] }));
  objetivos.forEach((o, i) => {
    if (lecciones.length && !lecciones.some((l) => l.objetivos.includes(o.id))) lecciones[i % lecciones.length].objetivos.push(o.id);
  });
  for (const l of lecciones) l.objetivos.sort();
  return { objetivos, lecciones };
}

/**
 * After an outline edit (outline-edit.ts): kept lessons keep their objectives; objectives left
 * untaught go to the new lessons in turn, or leave the module when there is none to teach them
 * (ids are not renumbered: no learner evidence can exist yet, but keys stay stable all the same).
 */
export function editedObjectives(objectives: readonly Objective[], lessons: readonly { kept: boolean; objetivos: string[] }[]): { objetivos: Objective[]; lecciones: string[][] } {
  const ids = new Set(objectives.map((o) => o.id));
  const lecciones = lessons.map((l) => (l.kept ? l.objetivos.filter((id) => ids.has(id)) : []));
  const fresh = lessons.flatMap((l, i) => (l.kept ? [] : [i]));
  const untaught = objectives.filter((o) => !lecciones.some((l) => l.includes(o.id)));
  untaught.forEach((o, k) => {
    if (fresh.length) lecciones[fresh[k % fresh.length]].push(o.id);
  });
  const taught = new Set(lecciones.flat());
  return { objetivos: objectives.filter((o) => taught.has(o.id)), lecciones: lecciones.map((l) => [...new Set(l)].sort()) };
}
