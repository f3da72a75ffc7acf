import type { JobView } from '../contract';
import type { JobItem } from '../courses/course-items';

const STEP_LABELS: Record<JobItem['step'], string> = {
  esquema: 'Diseñando el esquema del curso',
  contenido: 'Escribiendo lecciones y evaluaciones',
  finalizando: 'Revisando el curso',
  completado: 'Curso listo',
  error: 'La generación falló',
};

export function toJobView(j: JobItem): JobView {
  return {
    jobId: j.jobId,
    courseId: j.courseId,
    status: j.status,
    step: j.step,
    stepLabel: STEP_LABELS[j.step] ?? j.step,
    done: Math.min(j.done ?? 0, j.total),
    total: j.total,
    ...(j.status === 'completado' && { result: { courseId: j.courseId } }),
    ...(j.error && { error: j.error }),
    ...(j.costeEstimadoUSD !== undefined && { costeEstimadoUSD: j.costeEstimadoUSD }),
    createdAt: j.createdAt,
    updatedAt: j.updatedAt,
  };
}
