import type { CourseSummary, DiplomadoCourseView, DiplomadoSummary, DiplomadoView } from '../contract';
import { type DiplomadoItem, percent } from '../course-model';

// From stored items to what the API answers: each course's state and progress come from the
// learner's course summaries (one Query), the programme's progress is the mean of its courses.

export function toDiplomadoView(d: DiplomadoItem, courses: Map<string, CourseSummary>): DiplomadoView {
  const cursos: DiplomadoCourseView[] = d.cursos.map((c, index) => {
    const course = c.courseId ? courses.get(c.courseId) : undefined;
    return {
      index,
      titulo: c.titulo,
      descripcion: c.descripcion,
      objetivos: c.objetivos ?? [],
      prerrequisitos: c.prerrequisitos ?? [],
      estado: course?.estado ?? (c.courseId ? 'generando' : 'sin_generar'),
      ...(c.courseId && { courseId: c.courseId }),
      ...(c.jobId && { jobId: c.jobId }),
      progreso: course?.progreso ?? percent(0, 0),
      ...((c.error ?? course?.error) && { error: c.error ?? course?.error }),
    };
  });
  const mean = cursos.length ? Math.round(cursos.reduce((n, c) => n + c.progreso.porcentaje, 0) / cursos.length) : 0;
  return {
    diplomadoId: d.diplomadoId,
    titulo: d.titulo,
    descripcion: d.descripcion,
    topic: d.topic,
    nivel: d.nivel,
    ...(d.objetivo && { objetivo: d.objetivo }),
    modo: d.modo,
    cursos,
    progreso: { completadas: cursos.filter((c) => c.progreso.total > 0 && c.progreso.porcentaje === 100).length, total: cursos.length, porcentaje: mean },
    createdAt: d.createdAt,
  };
}

export function toDiplomadoSummary(d: DiplomadoItem, courses: Map<string, CourseSummary>): DiplomadoSummary {
  const { cursos, ...rest } = toDiplomadoView(d, courses);
  return { ...rest, cursos: cursos.length, generados: cursos.filter((c) => c.courseId).length };
}
