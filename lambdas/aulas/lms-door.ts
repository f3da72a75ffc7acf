import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { dynamoCourseStore } from '../course-model';
import { dynamoMaterialStore } from '../materials';
import { dynamoAulaStore } from './aula-store';
import { liveMaterialIds } from './copy-rules';
import { learnLmsCourse, teachLmsCourse, type LmsCourse } from './lms-aulas';
import { linkLmsCourses, lmsCatalogue, type LmsPick } from './lms-links';

/** The LMS courses' aulas on the one table, for the lti room (built as the aulas handler builds its deps). */
export function dynamoLmsAulas(db: DynamoDBDocumentClient, tableName: string, now: () => Date) {
  const store = dynamoAulaStore(db, tableName);
  const courses = dynamoCourseStore(db, tableName);
  const deps = { store, copies: { db, tableName, store, courses, liveMaterials: liveMaterialIds(dynamoMaterialStore(db, tableName)), now }, now };
  return {
    teach: (teacherId: string, course: LmsCourse) => teachLmsCourse(deps, teacherId, course),
    learn: (userId: string, course: LmsCourse) => learnLmsCourse(deps, userId, course),
    // Deep Linking (lms-links.ts): the teacher's own courses, and the picks added to the LMS course's aula.
    catalogue: (teacherId: string) => lmsCatalogue({ catalogue: courses }, teacherId),
    link: (teacherId: string, course: LmsCourse, picks: LmsPick[]) => linkLmsCourses({ ...deps, catalogue: courses }, teacherId, course, picks),
    /** The roster's import (docs/lti.md "Roster"): only the aula's teacher may ask for it. */
    teaches: async (teacherId: string, aulaId: string) => (await store.aula(aulaId, true))?.teacherId === teacherId,
  };
}
export type LmsAulas = ReturnType<typeof dynamoLmsAulas>;
