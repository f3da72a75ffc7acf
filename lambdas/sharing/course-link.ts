import { BatchGetCommand, type BatchGetCommandOutput, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { aulaAllowsSharing } from '../aulas';
import { clock } from '../shared/clock';
import { conflicted } from '../shared/table-writes';
import { copyMarkerKey, shareKey } from './share-items';
import { dynamoShareStore } from './share-store';
import { shareCourse, type SharingDeps } from './use-cases';

// What the community uses of sharing (issue 34): a learner sends one of their courses to a
// connection as the course's link, so the receiver reads and copies it by the one copy path there is
// (POST /compartidos/{shareId}/copy). Publishing follows "Compartir"'s rules exactly (shareCourse).

export interface LinkedCourse {
  shareId: string;
  url: string;
  titulo: string;
  topic: string;
  nivel: string;
}

export interface CourseLinkPort {
  /** The owner's course's live link, published now when it had none: 404 another's course, 409 not ready, 403 an aula's copy. */
  publish(userId: string, courseId: string): Promise<LinkedCourse>;
  /** Which of these links still point at a course (a withdrawn link's pointer is deleted). */
  live(shareIds: string[]): Promise<Set<string>>;
  /** The learner's copies of these source courses: source course id → their copy's id. */
  copies(userId: string, sourceCourseIds: string[]): Promise<Map<string, string>>;
}

/** Attempts when concurrent publishes of one course conflict as transactions (the same send at once). */
const ATTEMPTS = 4;

export function dynamoCourseLinks(db: DynamoDBDocumentClient, TableName: string): CourseLinkPort {
  const store = dynamoShareStore(db, TableName);
  const deps: SharingDeps = { store, now: clock.now, aulaAllowsSharing: aulaAllowsSharing(db, TableName) };
  const batchGet = async (keys: Record<string, unknown>[]) => {
    const items: Record<string, unknown>[] = [];
    for (let i = 0; i < keys.length; i += 100) {
      let pending: Record<string, unknown>[] | undefined = keys.slice(i, i + 100);
      for (let attempt = 0; pending?.length && attempt < 5; attempt++) {
        const out: BatchGetCommandOutput = await db.send(new BatchGetCommand({ RequestItems: { [TableName]: { Keys: pending } } }));
        items.push(...(out.Responses?.[TableName] ?? []));
        pending = out.UnprocessedKeys?.[TableName]?.Keys;
      }
    }
    return items;
  };
  return {
    async publish(userId, courseId) {
      for (let attempt = 1; ; attempt++) {
        try {
          const share = await shareCourse(deps, userId, courseId);
          const course = await store.course(userId, courseId);
          return { shareId: share.shareId, url: share.url, titulo: course?.titulo ?? '', topic: course?.topic ?? '', nivel: String(course?.nivel ?? '') };
        } catch (error) {
          if (!conflicted(error) || attempt === ATTEMPTS) throw error;
        }
      }
    },

    async live(shareIds) {
      const found = await batchGet([...new Set(shareIds)].map(shareKey));
      return new Set(found.map((i) => String(i.shareId)));
    },

    async copies(userId, sourceCourseIds) {
      const found = await batchGet([...new Set(sourceCourseIds)].map((id) => copyMarkerKey(userId, id)));
      return new Map(found.map((i) => [String(i.sk).slice('SHARECOPY#'.length), String(i.courseId)]));
    },
  };
}
