import { GetCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { refused, writeIf } from '../shared/table-writes';
import type { CourseItem } from './course-items';
import { courseKey } from './course-keys';

// Issue 42: each module slot of the course state machine (ModuleReady, one per module asked) waits
// for its module with a task token kept on the course item, `esperaModulo<n>`; whoever stores the
// module or releases the outline answers it. Both sides write, then read the course strongly
// consistently (the slot's own update answers the item as it is after it), so whichever comes
// second sees the other: no wait is ever left unanswered. docs/pipeline.md "Modules start as they stream".

/** The attribute holding slot `slot`'s (1-based) waiting token. */
export const slotAttribute = (slot: number) => `esperaModulo${String(slot).padStart(2, '0')}`;
/** The token slot `slot` waits with, if any. */
export const slotToken = (course: CourseItem, slot: number) => (course as unknown as Record<string, unknown>)[slotAttribute(slot)] as string | undefined;

export interface ModuleSlots {
  /** Keeps `token` for `slot` while the course is this run's; answers the course after the write, or undefined when the run lost it. */
  register(userId: string, courseId: string, jobId: string, slot: number, token: string): Promise<CourseItem | undefined>;
  /** Marks the outline released (the learner's review is over); answers the course after, or undefined when the run lost it. */
  release(userId: string, courseId: string, jobId: string): Promise<CourseItem | undefined>;
  /** The course as it is now (strongly consistent). */
  read(userId: string, courseId: string): Promise<CourseItem | undefined>;
  /** Forgets the token of `slot` once answered, unless a newer wait replaced it. */
  forget(userId: string, courseId: string, slot: number, token: string): Promise<void>;
}

export function dynamoModuleSlots(db: DynamoDBDocumentClient, TableName: string): ModuleSlots {
  // The run's course: this job's, generating or waiting for the learner's review of its outline.
  const ofRun = { expression: 'attribute_exists(pk) AND jobId = :run AND estado IN (:gen, :rev)', values: (run: string) => ({ ':run': run, ':gen': 'generando', ':rev': 'revisando_temario' }) };
  const answered = async (write: Promise<{ Attributes?: Record<string, unknown> }>) => {
    try {
      return (await write).Attributes as CourseItem | undefined;
    } catch (error) {
      if (refused(error)) return undefined;
      throw error;
    }
  };
  return {
    register: (userId, courseId, jobId, slot, token) =>
      answered(
        db.send(
          new UpdateCommand({
            TableName,
            Key: courseKey(userId, courseId),
            UpdateExpression: 'SET #w = :token',
            ConditionExpression: ofRun.expression,
            ExpressionAttributeNames: { '#w': slotAttribute(slot) },
            ExpressionAttributeValues: { ':token': token, ...ofRun.values(jobId) },
            ReturnValues: 'ALL_NEW',
          }),
        ),
      ),
    release: (userId, courseId, jobId) =>
      answered(
        db.send(
          new UpdateCommand({
            TableName,
            Key: courseKey(userId, courseId),
            UpdateExpression: 'SET modulosLiberados = :yes',
            ConditionExpression: ofRun.expression,
            ExpressionAttributeValues: { ':yes': true, ...ofRun.values(jobId) },
            ReturnValues: 'ALL_NEW',
          }),
        ),
      ),
    read: async (userId, courseId) => (await db.send(new GetCommand({ TableName, Key: courseKey(userId, courseId), ConsistentRead: true }))).Item as CourseItem | undefined,
    forget: async (userId, courseId, slot, token) => {
      await writeIf(
        db.send(
          new UpdateCommand({
            TableName,
            Key: courseKey(userId, courseId),
            UpdateExpression: 'REMOVE #w',
            ConditionExpression: '#w = :token',
            ExpressionAttributeNames: { '#w': slotAttribute(slot) },
            ExpressionAttributeValues: { ':token': token },
          }),
        ),
      );
    },
  };
}
