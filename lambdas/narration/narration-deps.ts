import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { lessonKey } from '../course-model';
import { randomUUID } from 'node:crypto';
import { monthKey, narrationCostUsd, narrationMinutes, nextMonth, tableBudget, tableNarrationPlan } from '../plans';
import { documentClient } from '../shared/clients';
import { clock } from '../shared/clock';
import { dynamoNarrationJobs, dynamoNarrationMinutes, dynamoSpeechClaims, type SpeechClaims } from './narration-store';
import { pollySpeechTasks } from './polly-tasks';
import type { NarrationDeps } from './use-cases';

// The narration's ports on AWS (and on the local stack, whose Polly and S3 answer the same calls): the
// lesson by its key in the caller's partition, jobs and minutes in the table, Polly's tasks into the
// private bucket under narration/ (the materials bucket: its notification is for POSTs under materials/
// only, and a lifecycle rule expires narration/ after NARRATION_KEEP_DAYS), presigned links the same all
// day so the browser keeps the audio (link-window.ts).

/** The lesson's ports, and the claims and clock a tutor answer read aloud needs too (spoken-audio.ts). */
export function tableNarrationDeps(tableName: string, bucket: string, now: () => Date = clock.now): NarrationDeps & { claims: SpeechClaims; now: () => Date } {
  const db = documentClient();
  const minutes = dynamoNarrationMinutes(db, tableName);
  const planOf = tableNarrationPlan(tableName);
  const budget = tableBudget(tableName, now);
  return {
    async lesson(userId, { courseId, moduleId, lessonId }) {
      const out = await db.send(new GetCommand({ TableName: tableName, Key: lessonKey(userId, courseId, moduleId, lessonId), ProjectionExpression: 'contenido' }));
      return out.Item as { contenido?: string } | undefined;
    },
    jobs: dynamoNarrationJobs(db, tableName, now),
    tasks: pollySpeechTasks(bucket),
    // S3 and its presigner are loaded on the first link (s3-audio.ts), not at cold start.
    link: async (key) => (await import('./s3-audio')).presignedGet(bucket, key, now()),
    allowance: {
      async reserve(userId, characters) {
        const month = monthKey(now());
        const [{ plan, minutosPorMes }, minutos] = [await planOf(userId), narrationMinutes(characters)];
        // The money first (issue 40): past the month's AI budget, Polly is not called (429, nothing held).
        const reserva = randomUUID();
        await budget.reserve(userId, plan, reserva, narrationCostUsd(characters));
        if (!(await minutes.reserve(userId, month, minutos, minutosPorMes))) {
          await budget.settle(userId, reserva);
          return { renuevaEl: nextMonth(now()) };
        }
        return {
          release: async () => {
            await minutes.release(userId, month, minutos);
            await budget.settle(userId, reserva);
          },
          // Polly started: its cost is drawn from the hold, which then ends (nothing is left over).
          charge: async () => {
            await budget.charge(userId, narrationCostUsd(characters), reserva);
            await budget.settle(userId, reserva);
          },
        };
      },
    },
    minutesOf: narrationMinutes,
    claims: dynamoSpeechClaims(db, tableName, now),
    now,
  };
}
