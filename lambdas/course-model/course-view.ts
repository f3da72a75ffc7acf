import { sharePath } from '../contract/share-path';
import { EVALUATION_RULES, PASS_MARK, type CourseDetail, type CourseProgress, type CourseSummary, type LessonProgress, type Percent } from '../contract';
import type { CourseItem, EvaluationItem, LessonItem } from './course-items';
import { courseCostUsd, usageByModel } from './course-cost';
import { lessonProgress } from './lesson-progress';
import { lessonObjectives, moduleObjectives } from './module-objectives';
import type { CourseItems } from './course-store';
import { outlineLimit } from '../plans';

// Pure derivations from stored items to what the API answers. Percentages are always computed
// here, on the server, from the lesson states (or from the course's counters on the dashboard).

export const percent = (completadas: number, total: number): Percent => {
  const done = Math.max(0, Math.min(completadas, total));
  return { completadas: done, total, porcentaje: total ? Math.round((done / total) * 100) : 0 };
};

const modelList = (m: CourseItem['modelos']) => (m ? [...m].sort() : []);

export function toSummary(c: CourseItem): CourseSummary {
  return {
    courseId: c.courseId,
    titulo: c.titulo,
    descripcion: c.descripcion,
    topic: c.topic,
    nivel: c.nivel,
    estado: c.estado,
    modo: c.modo,
    ...(c.error && { error: c.error }),
    jobId: c.jobId,
    progreso: percent(c.completadas ?? 0, c.totalLecciones ?? 0),
    ...(c.ultimaLeccion && { ultimaLeccion: c.ultimaLeccion }),
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
  };
}

const lessonKey = (moduleId: string, lessonId: string) => `${moduleId}/${lessonId}`;

export function toDetail({ course, lessons, evaluations }: CourseItems, withContent = true): CourseDetail {
  const byKey = new Map(lessons.map((l) => [lessonKey(l.moduleId, l.lessonId), l]));
  const evals = new Map(evaluations.map((e) => [e.moduleId, e]));
  let completadas = 0;
  const modulos = (course.modulos ?? []).map((m) => {
    const lecciones = m.lecciones.map((l) => {
      const item: Partial<LessonItem> = byKey.get(lessonKey(m.moduleId, l.lessonId)) ?? {};
      const progreso: LessonProgress = lessonProgress(course, m.moduleId, l.lessonId, item.progreso) ?? 'pendiente';
      return {
        lessonId: l.lessonId,
        titulo: l.titulo,
        resumen: l.resumen,
        estado: item.estado ?? 'pendiente',
        ...(withContent && item.contenido && { contenido: item.contenido }),
        ...(withContent && item.contenido && item.fuentes?.length && { fuentes: item.fuentes }),
        progreso,
        objetivos: lessonObjectives(m, l.lessonId),
      };
    });
    const done = lecciones.filter((l) => l.progreso === 'completado').length;
    completadas += done;
    return { moduleId: m.moduleId, titulo: m.titulo, descripcion: m.descripcion, objetivos: moduleObjectives(m), progreso: percent(done, lecciones.length), lecciones, evaluacion: evaluationStatus(evals.get(m.moduleId)) };
  });
  const total = modulos.reduce((n, m) => n + m.lecciones.length, 0);
  return {
    ...toSummary(course),
    progreso: percent(completadas, total),
    objetivos: course.objetivos ?? [],
    modulos,
    ...(course.solicitud && { temario: outlineLimit(course.solicitud) }),
    ...(course.materiales?.length && { materiales: course.materiales }),
    ...(course.temarioParcial && { temarioParcial: true as const }),
    ...(course.compartido && { compartido: { shareId: course.compartido.shareId, url: sharePath(course.compartido.shareId), copias: course.copias ?? 0 } }),
    uso: { tokensEntrada: course.tokensEntrada ?? 0, tokensSalida: course.tokensSalida ?? 0, modelos: modelList(course.modelos), costeEstimadoUSD: courseCostUsd(course), porModelo: usageByModel(course) },
  };
}

/** What the course view shows about an evaluation: never its questions' answers. */
export function evaluationStatus(e: EvaluationItem | undefined) {
  // An attempt's number is its position in the list, which only ever grows by atomic appends.
  const intentos = (e?.intentos ?? []).map(({ score, aprobado, fecha }, i) => ({ intento: i + 1, score, aprobado, fecha }));
  return { estado: e?.estado ?? 'pendiente', preguntas: Math.min(e?.preguntas?.length ?? 0, EVALUATION_RULES.questionsPerAttempt), intentos, aprobada: intentos.some((i) => i.aprobado), aprobarCon: PASS_MARK };
}

export function toProgress(items: CourseItems): CourseProgress {
  const detail = toDetail(items, false);
  return {
    courseId: detail.courseId,
    progreso: detail.progreso,
    modulos: detail.modulos.map((m) => ({ moduleId: m.moduleId, progreso: m.progreso })),
    lecciones: detail.modulos.flatMap((m) => m.lecciones.map((l) => ({ moduleId: m.moduleId, lessonId: l.lessonId, estado: l.progreso }))),
  };
}

/** The percentages after a progress write, from the course's counters (no extra read). */
export function progressFromCounters(c: CourseItem) {
  return {
    courseId: c.courseId,
    progreso: percent(c.completadas ?? 0, c.totalLecciones ?? 0),
    modulos: (c.modulos ?? []).map((m) => ({ moduleId: m.moduleId, progreso: percent(c.completadasPorModulo?.[m.moduleId] ?? 0, m.lecciones.length) })),
  };
}
