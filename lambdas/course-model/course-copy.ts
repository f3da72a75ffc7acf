import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { authorSource } from '../contract';
import type { CourseItem, LessonItem } from './course-items';
import { courseJobWrites } from './course-job-writes';
import { lessonKey } from './course-keys';
import type { CourseItems } from './course-store';

// A shared course copied into another learner's courses (issue 25, docs/sharing.md): the outline and
// the written lessons, nothing of the owner's. No progress, no evaluation (the copier's banks are
// written for them by the normal evaluation path, so the owner's known keys never grade the copy),
// no usage (the copy cost no model call), no materials (they are the owner's documents: a grounded
// lesson keeps its sources' quotes and pages, without the material's id or title).

export interface CopyTarget {
  userId: string;
  courseId: string;
  /** ISO time of the copy. */
  now: string;
}

/** The copy's course item: `listo`, its own counters at zero. */
export function copiedCourse(source: CourseItem, to: CopyTarget): CourseItem {
  return {
    courseId: to.courseId,
    userId: to.userId,
    // No job made it: the course is `listo` from the start and nothing follows a job.
    jobId: '',
    topic: source.topic,
    nivel: source.nivel,
    titulo: source.titulo,
    descripcion: source.descripcion,
    objetivos: source.objetivos ?? [],
    estado: 'listo',
    modo: source.modo,
    solicitud: source.solicitud,
    modulos: source.modulos,
    totalLecciones: source.totalLecciones,
    completadas: 0,
    completadasPorModulo: Object.fromEntries(source.modulos.map((m) => [m.moduleId, 0])),
    tokensEntrada: 0,
    tokensSalida: 0,
    // The prompts that wrote the copied lessons; the spend writes add the copier's own (a map must exist for them).
    versionesPrompt: { ...source.versionesPrompt },
    createdAt: to.now,
    updatedAt: to.now,
  };
}

/** The lessons worth copying: written, with their text. */
export const writtenLessons = (items: CourseItems) => items.lessons.filter((l) => l.estado === 'lista' && l.contenido);

/**
 * The Put of the copy's course (listed in the copier's courses, like any new course) and one Put per
 * written lesson, for the caller's TransactWriteItems: the copy is whole or absent.
 */
export function courseCopyWrites(db: DynamoDBDocumentClient, TableName: string, items: CourseItems, to: CopyTarget): Record<string, unknown>[] {
  const lessons = writtenLessons(items);
  const course = courseJobWrites(db, TableName).newCourse(copiedCourse(items.course, to));
  const lessonPuts = lessons.map((l): Record<string, unknown> => {
    const copy: LessonItem = {
      courseId: to.courseId, moduleId: l.moduleId, lessonId: l.lessonId, estado: 'lista', contenido: l.contenido, generadaEn: to.now,
      ...(l.fuentes?.length && { fuentes: l.fuentes.map(authorSource) }),
    };
    return { Put: { TableName, Item: { ...copy, ...lessonKey(to.userId, to.courseId, l.moduleId, l.lessonId) }, ConditionExpression: 'attribute_not_exists(pk)' } };
  });
  return [course, ...lessonPuts];
}
