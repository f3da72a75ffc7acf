import { objectiveKey, type CourseMastery, type MasteryObjective, type MasteryState, type NextStep } from '../contract';
import { lessonObjectives, lessonProgress, moduleObjectives, type CourseItem } from '../course-model';
import type { MasteryLevel } from './bkt';
import { prior, type ObjectiveMastery } from './learner-model';

// The "Mapa de dominio" (issues 32 and 41) and what to do next, from a course's outline and the
// learner's estimates. Pure. The rule (docs/learning.md "Mapa de dominio"): the current module is the
// first with an objective not started, weak or faded, so the next module is recommended once every
// objective of this one has been shown (confirming it is spaced review's job, not a reason to stay);
// within it, a faded objective first (review it), then one the evidence shows weak (its lesson),
// then lessons not yet read, then the module's evaluation to measure what was read.

export type MappedCourse = Pick<CourseItem, 'courseId' | 'modulos' | 'progresoLecciones'>;

const STATE: Record<MasteryLevel, MasteryState> = { dominado: 'dominado', por_repasar: 'por_repasar', sin_datos: 'por_empezar', por_reforzar: 'en_progreso', en_progreso: 'en_progreso' };
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
        estado: STATE[est.nivel],
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
 * The next step and its rank for the dashboard (lowest first): an objective faded or shown weak
 * ranks by its estimate (below 1); any other step by 1 + its objective's estimate; nothing left, 3.
 */
function nextOf(course: MappedCourse, modulos: ReturnType<typeof rows>): { step: NextStep; rank: number } {
  const { courseId } = course;
  if (!modulos.length) return { step: { tipo: 'estudiar', texto: 'Tu curso aún se está preparando: empieza por la primera lección en cuanto esté lista.', courseId }, rank: 3 };
  const open = (o: Row) => o.nivel === 'sin_datos' || o.nivel === 'por_reforzar' || o.nivel === 'por_repasar';
  const i = modulos.findIndex((m) => m.objetivos.some(open));
  if (i < 0) {
    const texto = modulos.every((m) => m.objetivos.every((o) => o.nivel === 'dominado'))
      ? 'Dominas todos los objetivos de este curso. Repasa de vez en cuando para no olvidarlos.'
      : 'Has mostrado todos los objetivos de este curso. El repaso de los próximos días confirmará lo que ya sabes.';
    return { step: { tipo: 'completado', texto, courseId }, rank: 3 };
  }
  const m = modulos[i];
  const at = { courseId, moduleId: m.moduleId };
  const faded = weakest(m.objetivos.filter((o) => o.nivel === 'por_repasar'));
  if (faded) {
    const where = faded.leccion ? `vuelve a la lección «${faded.leccion.titulo}»` : 'vuelve a las lecciones de este módulo';
    return { step: { tipo: 'repasar', texto: `Repasa «${faded.enunciado}»: hace tiempo que no lo practicas y puede que se te esté olvidando; ${where}.`, ...at, ...(faded.leccion && { lessonId: faded.leccion.lessonId }), objetivoId: faded.id, estado: 'por_repasar' }, rank: faded.estimacion };
  }
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
      const before = modulos[i - 1];
      const intro = before.objetivos.every((o) => o.nivel === 'dominado') ? `Ya dominas «${before.titulo}».` : `Buen trabajo con «${before.titulo}».`;
      return { step: { tipo: 'siguiente_modulo', texto: `${intro} Sigue con «${m.titulo}»: empieza por la lección «${unread.leccion.titulo}».`, ...step }, rank: 1 + unread.estimacion };
    }
    return { step: { tipo: 'estudiar', texto: `Sigue con la lección «${unread.leccion.titulo}» para empezar «${unread.enunciado}».`, ...step }, rank: 1 + unread.estimacion };
  }
  return { step: { tipo: 'evaluar', texto: `Haz la evaluación de «${m.titulo}» para comprobar lo que ya sabes.`, ...at }, rank: 1 + (fresh[0]?.estimacion ?? 0) };
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
