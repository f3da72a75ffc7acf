import { TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { CourseItem, JobItem } from './course-items';
import { courseKey, jobKey, myCoursesGsi } from './course-keys';
import { runningJobIndex } from './store-support';

// A course item and its job item change together: created together, restarted together, failed
// together, moved on by the outline review together. One TransactWriteItems each, built here: the
// course is always item 0 and the job the last item, so `cancelledBy(error, 0)` names the course's
// condition and `cancelledBy(error, items - 1)` the job's (lambdas/shared/table-writes.ts).

/** What an update says; the builder adds the table and the key. */
export interface UpdateParts {
  UpdateExpression: string;
  ConditionExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Record<string, unknown>;
}

type Write = Record<string, unknown>;

/** A new course job, listed in the sparse index of running jobs (store-support.ts) until it ends. */
const runningJob = (job: JobItem) => ({ ...job, ...jobKey(job.userId, job.jobId), gsi2pk: runningJobIndex.partition(job.courseId), gsi2sk: job.updatedAt });

export function courseJobWrites(db: DynamoDBDocumentClient, TableName: string) {
  return {
    /** A new course, listed in the learner's courses (gsi1, newest first). */
    newCourse: (course: CourseItem): Write => ({
      Put: { TableName, Item: { ...course, ...courseKey(course.userId, course.courseId), gsi1pk: myCoursesGsi(course.userId), gsi1sk: course.createdAt }, ConditionExpression: 'attribute_not_exists(pk)' },
    }),
    course: (userId: string, courseId: string, update: UpdateParts): Write => ({ Update: { TableName, Key: courseKey(userId, courseId), ...update } }),
    /** A new job, running. */
    newJob: (job: JobItem): Write => ({ Put: { TableName, Item: runningJob(job), ConditionExpression: 'attribute_not_exists(pk)' } }),
    job: (userId: string, jobId: string, update: UpdateParts): Write => ({ Update: { TableName, Key: jobKey(userId, jobId), ...update } }),
    /** Both or neither: the course first, the job last, `between` (the course's lesson items) in the middle. */
    send: (course: Write, job: Write, between: Write[] = []) => db.send(new TransactWriteCommand({ TransactItems: [course, ...between, job] })),
  };
}
