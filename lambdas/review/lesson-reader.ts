import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { legacyObjectiveOf, objectiveKey } from '../contract';
import { type CourseItem, courseKey, type LessonItem, lessonKey } from '../course-model';

// A lesson as practice reads it: its title and Markdown (the self-check and its answers) and the
// objective its self-check measures. Two GetItems in the learner's own partition, in parallel:
// another learner's course id finds nothing.

export interface PracticeLesson {
  titulo: string;
  contenido: string;
  /** The objective the lesson teaches first (`m01.o2`): what its self-check measures. */
  objetivo?: string;
}
export type ReadPracticeLesson = (userId: string, courseId: string, moduleId: string, lessonId: string) => Promise<PracticeLesson | undefined>;

type OutlineLessonWithObjectives = CourseItem['modulos'][number]['lecciones'][number] & { objetivos?: string[] };

/** Objectives as data name the lesson's ids; older outlines map lesson N to oN (objectives.ts). */
export function lessonObjective(lessons: readonly OutlineLessonWithObjectives[], moduleId: string, lessonId: string): string | undefined {
  const own = lessons.find((l) => l.lessonId === lessonId)?.objetivos?.[0];
  const id = own ?? legacyObjectiveOf(lessons.map((l) => l.lessonId), lessonId);
  return id ? objectiveKey(moduleId, id) : undefined;
}

export function dynamoPracticeLesson(db: DynamoDBDocumentClient, TableName: string): ReadPracticeLesson {
  return async (userId, courseId, moduleId, lessonId) => {
    const [course, lesson] = await Promise.all([
      db.send(new GetCommand({ TableName, Key: courseKey(userId, courseId), ProjectionExpression: 'modulos' })),
      db.send(new GetCommand({ TableName, Key: lessonKey(userId, courseId, moduleId, lessonId), ProjectionExpression: 'contenido' })),
    ]);
    const module = (course.Item as Pick<CourseItem, 'modulos'> | undefined)?.modulos?.find((m) => m.moduleId === moduleId);
    const outline = module?.lecciones.find((l) => l.lessonId === lessonId);
    const contenido = (lesson.Item as Pick<LessonItem, 'contenido'> | undefined)?.contenido;
    if (!module || !outline || !contenido) return undefined;
    return { titulo: outline.titulo, contenido, objetivo: lessonObjective(module.lecciones, moduleId, lessonId) };
  };
}
