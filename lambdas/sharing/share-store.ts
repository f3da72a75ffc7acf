import { GetCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { courseCopyWrites, courseKey, dynamoCourseStore, type CopyTarget, type CourseItem, type CourseItems } from '../course-model';
import { userPk } from '../shared/table';
import { cancelledBy, conflicted } from '../shared/table-writes';
import { copyMarkerKey, shareKey, type ShareItem } from './share-items';

// Every write of sharing is one TransactWriteItems, so a refusal or a failure halfway writes nothing
// (docs/sharing.md): publishing puts the pointer and marks the course; withdrawing deletes the
// pointer and unmarks it; a copy counts itself on the pointer and on the owner's course, marks the
// copier, and writes the copy's course and lessons (course-model's writes), all or nothing.

export type PublishOutcome = 'published' | 'not-ready' | 'already-shared';
export type CopyOutcome = 'copied' | 'withdrawn' | 'already-copied' | 'no-account';

export interface ShareStore {
  share(shareId: string): Promise<ShareItem | undefined>;
  course(userId: string, courseId: string): Promise<CourseItem | undefined>;
  items(userId: string, courseId: string): Promise<CourseItems | undefined>;
  publish(course: CourseItem, shareId: string, now: string): Promise<PublishOutcome>;
  /** False when the course no longer carries that link (withdrawn meanwhile). */
  withdraw(userId: string, courseId: string, shareId: string): Promise<boolean>;
  copy(share: ShareItem, source: CourseItems, to: CopyTarget): Promise<CopyOutcome>;
}

/** Attempts of a copy cancelled only by another transaction on the same items (a progress write of the owner). */
const CONFLICT_ATTEMPTS = 3;

export function dynamoShareStore(db: DynamoDBDocumentClient, TableName: string): ShareStore {
  const courses = dynamoCourseStore(db, TableName);
  const send = (TransactItems: Record<string, unknown>[]) => db.send(new TransactWriteCommand({ TransactItems }));

  return {
    async share(shareId) {
      // Consistent: a withdrawn link is gone for the very next reader.
      const out = await db.send(new GetCommand({ TableName, Key: shareKey(shareId), ConsistentRead: true }));
      return out.Item as ShareItem | undefined;
    },
    course: (userId, courseId) => courses.get(userId, courseId),
    items: (userId, courseId) => courses.items(userId, courseId),

    async publish(course, shareId, now) {
      const item: ShareItem = { shareId, ownerId: course.userId, courseId: course.courseId, copias: 0, createdAt: now };
      try {
        await send([
          { Put: { TableName, Item: { ...item, ...shareKey(shareId) }, ConditionExpression: 'attribute_not_exists(pk)' } },
          {
            Update: {
              TableName,
              Key: courseKey(course.userId, course.courseId),
              UpdateExpression: 'SET compartido = :c',
              ConditionExpression: 'estado = :listo AND attribute_not_exists(compartido)',
              ExpressionAttributeValues: { ':c': { shareId, desde: now }, ':listo': 'listo' },
            },
          },
        ]);
        return 'published';
      } catch (error) {
        if (!cancelledBy(error, 1)) throw error;
        // Another request published first, or the course is no longer `listo`: the caller reads it again.
        const again = await courses.get(course.userId, course.courseId);
        return again?.compartido ? 'already-shared' : 'not-ready';
      }
    },

    async withdraw(userId, courseId, shareId) {
      try {
        await send([
          { Delete: { TableName, Key: shareKey(shareId), ConditionExpression: 'ownerId = :u AND courseId = :c', ExpressionAttributeValues: { ':u': userId, ':c': courseId } } },
          {
            Update: {
              TableName,
              Key: courseKey(userId, courseId),
              UpdateExpression: 'REMOVE compartido',
              ConditionExpression: 'compartido.shareId = :s',
              ExpressionAttributeValues: { ':s': shareId },
            },
          },
        ]);
        return true;
      } catch (error) {
        if (cancelledBy(error, 0) || cancelledBy(error, 1)) return false;
        throw error;
      }
    },

    async copy(share, source, to) {
      const items = [
        // 0: the link still exists and points where it did; its count goes up.
        {
          Update: {
            TableName,
            Key: shareKey(share.shareId),
            UpdateExpression: 'ADD copias :one',
            ConditionExpression: 'ownerId = :o AND courseId = :c',
            ExpressionAttributeValues: { ':one': 1, ':o': share.ownerId, ':c': share.courseId },
          },
        },
        // 1: the owner's course still carries this link; its count across links goes up.
        {
          Update: {
            TableName,
            Key: courseKey(share.ownerId, share.courseId),
            UpdateExpression: 'ADD copias :one',
            ConditionExpression: 'compartido.shareId = :s',
            ExpressionAttributeValues: { ':one': 1, ':s': share.shareId },
          },
        },
        // 2: one copy of a course per learner.
        {
          Put: {
            TableName,
            Item: { ...copyMarkerKey(to.userId, share.courseId), courseId: to.courseId, shareId: share.shareId, createdAt: to.now },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        // 3: the copier's account exists and is not being deleted (nothing is written into an erased partition).
        {
          ConditionCheck: {
            TableName,
            Key: { pk: userPk(to.userId), sk: 'PROFILE' },
            ConditionExpression: 'attribute_exists(pk)',
          },
        },
        {
          ConditionCheck: {
            TableName,
            Key: { pk: userPk(to.userId), sk: 'DELETING' },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        ...courseCopyWrites(db, TableName, source, to),
      ];
      for (let attempt = 1; ; attempt++) {
        try {
          await send(items);
          return 'copied';
        } catch (error) {
          if (cancelledBy(error, 0) || cancelledBy(error, 1)) return 'withdrawn';
          if (cancelledBy(error, 2)) return 'already-copied';
          if (cancelledBy(error, 3) || cancelledBy(error, 4)) return 'no-account';
          if (!conflicted(error) || attempt === CONFLICT_ATTEMPTS) throw error;
        }
      }
    },
  };
}
