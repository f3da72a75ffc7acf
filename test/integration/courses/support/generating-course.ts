import { randomUUID } from 'node:crypto';
import type { CourseItem, JobItem } from '../../../../lambdas/course-model/course-items';

/** A course `generando` and its running job, as POST /courses/plan writes them, both last moved `at`. */
export function generatingCourse(userId: string, at: string, shape: { topic?: string; modulos?: number; lecciones?: number; step?: JobItem['step']; total?: number } = {}) {
  const { topic = 'Tema', modulos = 2, lecciones = 2, step = 'esquema', total = 8 } = shape;
  const courseId = randomUUID();
  const jobId = randomUUID();
  const course: CourseItem = {
    courseId, userId, jobId, topic, nivel: 'principiante', titulo: topic, descripcion: '', objetivos: [],
    estado: 'generando', modo: 'ia', solicitud: { modulos, leccionesPorModulo: lecciones }, modulos: [], totalLecciones: modulos * lecciones, completadas: 0,
    tokensEntrada: 0, tokensSalida: 0, versionesPrompt: {}, createdAt: at, updatedAt: at,
  };
  const job: JobItem = { jobId, courseId, userId, status: 'en_proceso', step, done: 0, total, createdAt: at, updatedAt: at };
  return { course, job };
}
