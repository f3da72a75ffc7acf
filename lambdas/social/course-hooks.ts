import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { logger } from '../shared/logger';
import { dynamoPublicProfileStore, type PublicProfileStore } from './public-profile-store';
import { dynamoTopicIndex } from './topic-index';

/**
 * What the courses group tells the community: a course was created on a topic, a course's
 * completed lessons changed. Best effort by design: the learner's own course is what matters, so a
 * failure here is logged and never fails their request (the counts catch up on the next change,
 * the topic index on the learner's next visit to /social).
 */
export interface CourseActivityPort {
  courseCreated(userId: string, topic: string): Promise<void>;
  progressChanged(userId: string, courseId: string, completadas: number): Promise<void>;
}

export function courseActivity(profiles: PublicProfileStore): CourseActivityPort {
  const quietly = async (what: string, work: () => Promise<void>) => {
    try {
      await work();
    } catch (error) {
      logger.warn(`social projection not updated: ${what}`, { error: error as Error });
    }
  };
  return {
    courseCreated: (userId, topic) => quietly('course topic', () => profiles.recordCourseTopic(userId, topic)),
    progressChanged: (userId, courseId, completadas) => quietly('course progress', () => profiles.recordCourseProgress(userId, courseId, completadas)),
  };
}

/** The DynamoDB-backed port, for a handler to build at module scope. */
export const dynamoCourseActivity = (db: DynamoDBDocumentClient, tableName: string) =>
  courseActivity(dynamoPublicProfileStore(db, tableName, dynamoTopicIndex(db, tableName)));
