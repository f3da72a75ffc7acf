import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { CourseMastery, MasteryNextStep } from '../contract';
import { COURSE_NOT_FOUND, courseKey } from '../course-model';
import { notFound } from '../shared/errors';
import { learnerModel, type ObjectiveMastery } from './learner-model';
import { dynamoMasteryStore } from './mastery-store';
import { masteryMap, nextStepAcross, type MappedCourse } from './mastery-map';

// The reads behind the Mapa de dominio and the dashboard's next step, in the learner's own partition:
// another learner's course id finds no course item and answers the course's 404.
// - a course's map: the outline and the MASTERY# item, two GetItems in parallel (one round trip);
// - the next step: one Query of the learner's MASTERY# items, then the outlines of the courses
//   with the newest evidence, GetItems in parallel (two round trips).

/** The dashboard weighs at most this many courses (those with the newest evidence). */
export const NEXT_STEP_COURSES = 20;
const OUTLINE = 'courseId, titulo, modulos, progresoLecciones';

type Outline = MappedCourse & { titulo: string };
const newest = (byKey: Record<string, ObjectiveMastery>) => Object.values(byKey).reduce((t, o) => ((o.actualizado ?? '') > t ? (o.actualizado ?? '') : t), '');

export interface MasteryReads {
  courseMastery(userId: string, courseId: string): Promise<CourseMastery>;
  nextStep(userId: string): Promise<MasteryNextStep>;
}

export function dynamoMasteryReads(db: DynamoDBDocumentClient, TableName: string): MasteryReads {
  const model = learnerModel(dynamoMasteryStore(db, TableName));
  const outline = async (userId: string, courseId: string) =>
    (await db.send(new GetCommand({ TableName, Key: courseKey(userId, courseId), ProjectionExpression: OUTLINE }))).Item as Outline | undefined;
  return {
    async courseMastery(userId, courseId) {
      const [course, byKey] = await Promise.all([outline(userId, courseId), model.readMastery(userId, courseId)]);
      if (!course) throw notFound(COURSE_NOT_FOUND);
      return masteryMap(course, byKey);
    },
    async nextStep(userId) {
      const all = Object.entries(await model.readAll(userId))
        .sort(([, a], [, b]) => newest(b).localeCompare(newest(a)))
        .slice(0, NEXT_STEP_COURSES);
      const courses = await Promise.all(all.map(async ([courseId, byKey]) => ({ course: await outline(userId, courseId), byKey })));
      // A deleted course leaves no map to follow.
      return { siguiente: nextStepAcross(courses.flatMap((c) => (c.course ? [{ course: c.course, byKey: c.byKey }] : []))) };
    },
  };
}
