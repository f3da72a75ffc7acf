import type { JobKind, JobView } from '../contract';
import type { JobItem } from '../course-model';

const COURSE_STEPS: Record<JobItem['step'], string> = {
  esquema: 'Diseñando el esquema del curso',
  contenido: 'Escribiendo lecciones y evaluaciones',
  finalizando: 'Revisando el curso',
  completado: 'Curso listo',
  error: 'La generación falló',
};

/** A model job has one step: the model writing; then done or failed. */
const MODEL_STEPS: Record<Exclude<JobKind, 'curso'>, { working: string; done: string }> = {
  leccion: { working: 'Escribiendo la lección de nuevo', done: 'Lección lista' },
  evaluacion: { working: 'Preparando preguntas nuevas', done: 'Evaluación lista' },
  sugerencias: { working: 'Buscando ideas de cursos', done: 'Sugerencias listas' },
  diplomado: { working: 'Diseñando tu diplomado', done: 'Diplomado listo' },
  respuesta: { working: 'Corrigiendo tu respuesta', done: 'Respuesta corregida' },
  refuerzo: { working: 'Preparando tu refuerzo guiado', done: 'Refuerzo listo' },
};

/** While the pipeline waits for the learner's outline (issue 15). */
const REVIEW_LABEL = 'Esperando tu revisión del temario';

function stepLabel(kind: JobKind, step: JobItem['step'], reviewing: boolean) {
  if (kind === 'curso' && reviewing) return REVIEW_LABEL;
  if (kind === 'curso' || step === 'error') return COURSE_STEPS[step] ?? step;
  return step === 'completado' ? MODEL_STEPS[kind].done : MODEL_STEPS[kind].working;
}

export function toJobView(j: JobItem): JobView {
  const kind = j.kind ?? 'curso';
  const result = kind === 'curso' ? { kind, courseId: j.courseId } : j.result;
  return {
    jobId: j.jobId,
    kind,
    ...(j.courseId && { courseId: j.courseId }),
    status: j.status,
    step: j.step,
    stepLabel: stepLabel(kind, j.step, j.revisandoTemario === true),
    done: Math.min(j.done ?? 0, j.total),
    total: j.total,
    ...(j.status === 'completado' && result && { result }),
    ...(j.error && { error: j.error }),
    ...(j.costeEstimadoUSD !== undefined && { costeEstimadoUSD: j.costeEstimadoUSD }),
    ...(j.revisandoTemario === true && j.status === 'en_proceso' && { revisandoTemario: true as const }),
    createdAt: j.createdAt,
    updatedAt: j.updatedAt,
  };
}
