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
  /** An aula member's copy: the aula, so sharing can ask it (docs/aulas.md "Sharing a copy"). */
  aulaId?: string;
  /**
   * The author's materials that still exist (issue 31): a quote from a material deleted before the
   * copy is left out, with its marks in the text. Absent: every source is kept (a course without materials).
   */
  liveMaterials?: ReadonlySet<string>;
}

/** A lesson's sources as a copy keeps them: of live materials only, never the material's id or title. */
export function copiedSources(l: Pick<LessonItem, 'contenido' | 'fuentes'>, live?: ReadonlySet<string>): Pick<LessonItem, 'contenido' | 'fuentes'> {
  // An empty id is a source already nameless (a copy of a copy): it stays, as that copy's own.
  const kept = (l.fuentes ?? []).filter((f) => !live || !f.materialId || live.has(f.materialId));
  const dropped = new Set((l.fuentes ?? []).filter((f) => !kept.includes(f)).map((f) => f.n));
  const contenido = dropped.size ? l.contenido?.replace(/ ?\[(\d+)\]/g, (mark, n: string) => (dropped.has(Number(n)) ? '' : mark)) : l.contenido;
  return { contenido, ...(kept.length && { fuentes: kept.map(authorSource) }) };
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
    ...(to.aulaId && { deAula: to.aulaId, deCurso: source.courseId }),
    createdAt: to.now,
    updatedAt: to.now,
  };
}

/** Every material the course's items cite or were built from, for the caller to ask which still exist. */
export const citedMaterialIds = (items: CourseItems): string[] => [
  ...new Set([
    ...(items.course.materiales ?? []).map((m) => m.materialId),
    ...items.lessons.flatMap((l) => (l.fuentes ?? []).map((f) => f.materialId)),
    ...items.evaluations.flatMap((e) => (e.preguntas ?? []).flatMap((q) => (q.material ? [q.material.materialId] : []))),
  ].filter(Boolean)),
];

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
      courseId: to.courseId, moduleId: l.moduleId, lessonId: l.lessonId, estado: 'lista', generadaEn: to.now, ...copiedSources(l, to.liveMaterials),
    };
    return { Put: { TableName, Item: { ...copy, ...lessonKey(to.userId, to.courseId, l.moduleId, l.lessonId) }, ConditionExpression: 'attribute_not_exists(pk)' } };
  });
  return [course, ...lessonPuts];
}
