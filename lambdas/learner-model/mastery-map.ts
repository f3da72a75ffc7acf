import { objectiveKey, type CourseMastery, type MasteryObjective, type MasteryState, type NextStep } from '../contract';
import { lessonObjectives, lessonProgress, moduleObjectives, type CourseItem } from '../course-model';
import type { MasteryLevel } from './bkt';
import { prior, type ObjectiveMastery } from './learner-model';

// The "Mapa de dominio" (issue 32 item 3) and what to do next, from a course's outline and the
// learner's estimates. Pure. The rule (docs/learning.md "Mapa de dominio"): the current module is the
// first not mastered, so the next module is recommended only once the current one is; within it,
// an objective the evidence shows weak first (its lesson), then lessons not yet read, then the
// module's evaluation to measure what was read, then review of what is on its way.

export type MappedCourse = Pick<CourseItem, 'courseId' | 'modulos' | 'progresoLecciones'>;

const stateOf = (nivel: MasteryLevel): MasteryState => (nivel === 'dominado' ? 'dominado' : nivel === 'sin_datos' ? 'por_empezar' : 'en_progreso');
const round = (x: number) => Math.round(x * 1000) / 1000;

type Row = MasteryObjective & { nivel: MasteryLevel };

function rows(course: MappedCourse, byKey: Record<string, ObjectiveMastery>) {
  return (course.modulos ?? []).map((m) => {
    const objetivos: Row[] = moduleObjectives(m).map((o) => {
      const est = byKey[objectiveKey(m.moduleId, o.id)] ?? prior(objectiveKey(m.moduleId, o.id));
      const lesson = m.lecciones.find((l) => lessonObjectives(m, l.lessonId).includes(o.id));
      return {
        id: o.id,
        enunciado: o.enunciado,
        bloom: o.bloom,
        estado: stateOf(est.nivel),
        estimacion: round(est.p),
        incertidumbre: round(est.incertidumbre),
        evidencias: est.evidencias,
        ...(lesson && { leccion: { lessonId: lesson.lessonId, titulo: lesson.titulo } }),
        nivel: est.nivel,
      };
    });
    return { moduleId: m.moduleId, titulo: m.titulo, objetivos };
  });
}

const weakest = (list: Row[]) => [...list].sort((a, b) => a.estimacion - b.estimacion)[0] as Row | undefined;

/**
 * The next step and its rank for the dashboard (lowest first): an objective the evidence shows weak
 * ranks by its estimate (below 1); any other step by 1 + its objective's estimate; nothing left, 3.
 */
function nextOf(course: MappedCourse, modulos: ReturnType<typeof rows>): { step: NextStep; rank: number } {
  const { courseId } = course;
  const i = modulos.findIndex((m) => m.objetivos.some((o) => o.estado !== 'dominado'));
  if (!modulos.length) return { step: { tipo: 'estudiar', texto: 'Tu curso aún se está preparando: empieza por la primera lección en cuanto esté lista.', courseId }, rank: 3 };
  if (i < 0) return { step: { tipo: 'completado', texto: 'Dominas todos los objetivos de este curso. Repasa de vez en cuando para no olvidarlos.', courseId }, rank: 3 };
  const m = modulos[i];
  const at = { courseId, moduleId: m.moduleId };
  const weak = weakest(m.objetivos.filter((o) => o.nivel === 'por_reforzar'));
  if (weak) {
    const where = weak.leccion ? `vuelve a la lección «${weak.leccion.titulo}»` : 'vuelve a las lecciones de este módulo';
    return { step: { tipo: 'estudiar', texto: `Refuerza «${weak.enunciado}»: ${where}.`, ...at, ...(weak.leccion && { lessonId: weak.leccion.lessonId }), objetivoId: weak.id }, rank: weak.estimacion };
  }
  const fresh = m.objetivos.filter((o) => o.estado === 'por_empezar');
  const unread = fresh.find((o) => o.leccion && lessonProgress(course, m.moduleId, o.leccion.lessonId) !== 'completado');
  if (unread?.leccion) {
    const step = { ...at, lessonId: unread.leccion.lessonId, objetivoId: unread.id };
    if (i > 0 && m.objetivos.every((o) => o.estado === 'por_empezar')) {
      return { step: { tipo: 'siguiente_modulo', texto: `Ya dominas «${modulos[i - 1].titulo}». Sigue con «${m.titulo}»: empieza por la lección «${unread.leccion.titulo}».`, ...step }, rank: 1 + unread.estimacion };
    }
    return { step: { tipo: 'estudiar', texto: `Sigue con la lección «${unread.leccion.titulo}» para empezar «${unread.enunciado}».`, ...step }, rank: 1 + unread.estimacion };
  }
  if (fresh.length) return { step: { tipo: 'evaluar', texto: `Haz la evaluación de «${m.titulo}» para comprobar lo que ya sabes.`, ...at }, rank: 1 + fresh[0].estimacion };
  const onWay = weakest(m.objetivos.filter((o) => o.estado === 'en_progreso')) as Row;
  return { step: { tipo: 'repasar', texto: `Repasa «${onWay.enunciado}» para afianzarlo.`, ...at, objetivoId: onWay.id }, rank: 1 + onWay.estimacion };
}

/** A course's map: every module's objectives with their estimate and state, and what to do next. */
export function masteryMap(course: MappedCourse, byKey: Record<string, ObjectiveMastery>): CourseMastery {
  const modulos = rows(course, byKey);
  return {
    courseId: course.courseId,
    modulos: modulos.map((m) => ({
      moduleId: m.moduleId,
      titulo: m.titulo,
      dominados: m.objetivos.filter((o) => o.estado === 'dominado').length,
      objetivos: m.objetivos.map(({ nivel: _nivel, ...o }) => o),
    })),
    siguiente: nextOf(course, modulos).step,
  };
}

/**
 * The dashboard's next step: among courses with evidence (newest evidence first), the step on the
 * weakest objective the evidence shows; else the first course's step to go on. Ties keep the newer course.
 */
export function nextStepAcross(courses: readonly { course: MappedCourse & { titulo: string }; byKey: Record<string, ObjectiveMastery> }[]) {
  let best: { step: NextStep & { curso: string }; rank: number } | undefined;
  for (const { course, byKey } of courses) {
    const { step, rank } = nextOf(course, rows(course, byKey));
    if (!best || rank < best.rank) best = { step: { ...step, curso: course.titulo }, rank };
  }
  return best?.step ?? null;
}
