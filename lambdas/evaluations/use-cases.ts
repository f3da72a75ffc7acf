import { randomUUID } from 'node:crypto';
import type { EvaluationRequest, EvaluationResult, EvaluationSubmission, PublicEvaluation } from '../contract';
import { modelFailure } from '../shared/ai/api-errors';
import { generateCheckedEvaluation } from '../shared/ai/evaluation-checks';
import type { StructuredModel } from '../shared/ai/structured-output';
import { conflict, notFound } from '../shared/errors';
import type { CourseStore } from '../courses/course-store';
import type { GenerationStore } from '../courses/generation-store';
import { EVALUATION_QUESTIONS } from '../pipeline/tasks';
import type { EvaluationStore } from './evaluation-store';
import { grade, toPublicEvaluation } from './grading';

const NOT_FOUND = 'No encontramos esa evaluación en tu curso.';

export interface EvaluationDeps {
  evaluations: EvaluationStore;
  store: CourseStore;
  gen: GenerationStore;
  model: StructuredModel;
}

/** The module's evaluation without answers; written now if the pipeline has not, or if asked to. */
export async function getOrGenerateEvaluation(deps: EvaluationDeps, userId: string, req: EvaluationRequest): Promise<PublicEvaluation> {
  const [existing, course] = await Promise.all([deps.evaluations.get(userId, req.courseId, req.moduleId), deps.store.get(userId, req.courseId)]);
  const module = course?.modulos?.find((m) => m.moduleId === req.moduleId);
  if (!course || !module) throw notFound(NOT_FOUND);
  const titulo = `Evaluación: ${module.titulo}`;
  if (existing?.estado === 'lista' && !req.regenerar) return toPublicEvaluation(existing, titulo);
  const result = await generateCheckedEvaluation(deps.model, {
    curso: { topic: course.topic, level: course.nivel, titulo: course.titulo },
    modulo: { titulo: module.titulo, descripcion: module.descripcion, lecciones: module.lecciones.map(({ titulo: t, resumen }) => ({ titulo: t, resumen })) },
    preguntas: EVALUATION_QUESTIONS,
  }).catch(modelFailure);
  const item = { courseId: req.courseId, moduleId: req.moduleId, estado: 'lista' as const, version: randomUUID(), preguntas: result.value.preguntas.map((q, i) => ({ ...q, preguntaId: `p${i + 1}` })) };
  await deps.gen.saveEvaluation(userId, req.courseId, item);
  await deps.gen.spend(userId, req.courseId, { usage: result.usage, modelId: result.modelId, promptVersion: result.promptVersion, purpose: 'evaluation', demo: result.demo });
  return toPublicEvaluation(item, titulo);
}

export async function submitEvaluation(deps: EvaluationDeps, userId: string, courseId: string, moduleId: string, submission: EvaluationSubmission): Promise<EvaluationResult> {
  const evaluation = await deps.evaluations.get(userId, courseId, moduleId);
  if (!evaluation || evaluation.estado !== 'lista') throw notFound(NOT_FOUND);
  const { respuestas, ...result } = grade(evaluation, submission);
  const intento = await deps.evaluations.addAttempt(userId, courseId, moduleId, {
    version: evaluation.version,
    score: result.score,
    aprobado: result.aprobado,
    fecha: new Date().toISOString(),
    respuestas,
  });
  if (intento === undefined) throw conflict('La evaluación cambió o alcanzó el máximo de intentos. Vuelve a cargarla.');
  return { intento, ...result };
}
