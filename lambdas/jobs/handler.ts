import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { type JobItem, jobKey, pathIdParam } from '../course-model';
import { documentClient } from '../shared/clients';
import { readConfig, tableName } from '../shared/config';
import { notFound } from '../shared/errors';
import { createHandler, endpoint, ok } from '../shared/http';
import { jobEtag, noneMatch } from './job-etag';
import { toJobView } from './job-view';
import { placeInQueue } from './queue-position';

const config = readConfig({ TABLE_NAME: tableName });
const JOB_NOT_FOUND = 'No encontramos esa tarea.';

/** One GetItem in the caller's own partition: another learner's job id simply is not there. */
export async function getJob(userId: string, jobId: string) {
  const out = await documentClient().send(new GetCommand({ TableName: config.TABLE_NAME, Key: jobKey(userId, jobId) }));
  if (!out.Item) throw notFound(JOB_NOT_FOUND);
  const item = out.Item as JobItem & { cola?: string };
  const view = toJobView(item);
  // Waiting for the model budget: how many courses asked for before it wait too, and how long they keep it (queue-position.ts).
  if (item.cola && view.status === 'en_proceso') view.cola = await placeInQueue(documentClient(), config.TABLE_NAME, item.cola, jobId);
  return view;
}

export const handler = createHandler('jobs', {
  'GET /jobs/{id}': endpoint({
    // Polled while a course is written: an unchanged job answers 304 with no body (job-etag.ts).
    handle: async ({ userId, params, event }) => {
      const job = await getJob(userId, pathIdParam(params.id, JOB_NOT_FOUND));
      const etag = jobEtag(job);
      if (noneMatch(event.headers?.['if-none-match'], etag)) return { status: 304, body: {}, headers: { etag } };
      return { ...ok({ data: job }), headers: { etag } };
    },
  }),
});
