import { documentClient } from '../shared/clients';
import { dynamoGeneratingCourses } from '../course-model';
import { coursesAtOnce } from '../plans';
import type { Admission } from './use-cases';

/** The start of a course run on the real table: the plan's courses at once (plans.ts CURSOS_A_LA_VEZ), one start of the learner at a time. */
export function tableAdmission(tableName: string): Admission {
  const generating = dynamoGeneratingCourses(documentClient(), tableName);
  const most = coursesAtOnce(tableName);
  // The plan is read beside the start lock's write (issue 42: one round trip less before the answer), not before it.
  return { admit: (userId, jobId, at, check, undo) => generating.admit(userId, jobId, at, most(userId), check, undo) };
}
