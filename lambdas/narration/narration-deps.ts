import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { lessonKey } from '../course-model';
import { monthKey, narrationCostUsd, narrationMinutes, nextMonth, tableNarrationPlan, tableSpendCharge } from '../plans';
import { documentClient } from '../shared/clients';
import { clock } from '../shared/clock';
import { dynamoNarrationJobs, dynamoNarrationMinutes, dynamoSpeechClaims, type SpeechClaims } from './narration-store';
import { pollySpeechTasks } from './polly-tasks';
import type { NarrationDeps } from './use-cases';

// The narration's ports on AWS (and on the local stack, whose Polly and S3 answer the same calls): the
// lesson by its key in the caller's partition, jobs and minutes in the table, Polly's tasks into the
// private bucket under narration/ (the materials bucket: its notification is for POSTs under materials/
// only, and a lifecycle rule expires narration/ after NARRATION_KEEP_DAYS), 5-minute presigned links.

/** How long an audio or marks link stays valid. */
export const LINK_SECONDS = 300;

/** The lesson's ports, and the claims and clock a tutor answer read aloud needs too (spoken-audio.ts). */
export function tableNarrationDeps(tableName: string, bucket: string, now: () => Date = clock.now): NarrationDeps & { claims: SpeechClaims; now: () => Date } {
  const db = documentClient();
  const minutes = dynamoNarrationMinutes(db, tableName);
  const planOf = tableNarrationPlan(tableName);
  const spend = tableSpendCharge(tableName, now);
  return {
    async lesson(userId, { courseId, moduleId, lessonId }) {
      const out = await db.send(new GetCommand({ TableName: tableName, Key: lessonKey(userId, courseId, moduleId, lessonId), ProjectionExpression: 'contenido' }));
      return out.Item as { contenido?: string } | undefined;
    },
    jobs: dynamoNarrationJobs(db, tableName, now),
    tasks: pollySpeechTasks(bucket),
    // S3 and its presigner are loaded on the first link (s3-audio.ts), not at cold start.
    link: async (key) => (await import('./s3-audio')).presignedGet(bucket, key, LINK_SECONDS),
    allowance: {
      async reserve(userId, characters) {
        const month = monthKey(now());
        const [{ minutosPorMes }, minutos] = [await planOf(userId), narrationMinutes(characters)];
        if (!(await minutes.reserve(userId, month, minutos, minutosPorMes))) return { renuevaEl: nextMonth(now()) };
        return { release: () => minutes.release(userId, month, minutos) };
      },
      charge: (userId, characters) => spend(userId, narrationCostUsd(characters)),
    },
    minutesOf: narrationMinutes,
    claims: dynamoSpeechClaims(db, tableName, now),
    now,
  };
}
