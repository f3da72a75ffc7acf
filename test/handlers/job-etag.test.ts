import { invoke } from '../support/invoke';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { jobKey } from '../../lambdas/course-model/course-keys';
import { documentClient } from '../../lambdas/shared/clients';
import { generatedCourse, learner, startedCourse } from '../support/learners';

const touchJob = (userId: string, jobId: string, set: string, values: Record<string, unknown>) =>
  documentClient().send(new UpdateCommand({ TableName: process.env.TABLE_NAME, Key: jobKey(userId, jobId), UpdateExpression: `SET ${set}`, ExpressionAttributeValues: values }));

// Issue 23 item 4: GET /jobs/{id} answers 304 to If-None-Match while the job is unchanged.

describe('GET /jobs/{id} conditional reads', () => {
  it('another learner holding the owner\'s tag still gets 404, never a 304 that confirms the job exists', async () => {
    const owner = await learner();
    const other = await learner();
    const { jobId } = await startedCourse(owner.userId);
    const first = await invoke('GET /jobs/{id}', { userId: owner.userId, params: { id: jobId } });
    const etag = first.headers.etag;
    expect(etag).toMatch(/^W\/"/);
    for (const header of [etag, '*']) {
      const res = await invoke('GET /jobs/{id}', { userId: other.userId, params: { id: jobId }, headers: { 'if-none-match': header } });
      expect(res).toMatchObject({ status: 404, body: { success: false, message: 'No encontramos esa tarea.' } });
    }
  });

  it('the same tag answers 304 with no body; another tag, or none, the whole job with its tag', async () => {
    const { userId } = await learner();
    // A finished job, so nothing moves it between the reads below.
    const { courseId } = await generatedCourse(userId);
    const jobId = (await invoke('GET /courses/{id}', { userId, params: { id: courseId } })).body.data.jobId as string;
    const first = await invoke('GET /jobs/{id}', { userId, params: { id: jobId } });
    expect(first.status).toBe(200);
    const etag = first.headers.etag;

    const same = await invoke('GET /jobs/{id}', { userId, params: { id: jobId }, headers: { 'if-none-match': etag } });
    expect(same.status).toBe(304);
    expect(same.body).toBeUndefined();
    expect(same.headers.etag).toBe(etag);
    // A strong copy of the weak tag, and a list holding it, match too (weak comparison).
    for (const header of [etag.replace(/^W\//, ''), `W/"otro", ${etag}`]) {
      expect((await invoke('GET /jobs/{id}', { userId, params: { id: jobId }, headers: { 'if-none-match': header } })).status).toBe(304);
    }

    const stale = await invoke('GET /jobs/{id}', { userId, params: { id: jobId }, headers: { 'if-none-match': 'W/"otro"' } });
    expect(stale).toMatchObject({ status: 200, body: { success: true, data: { jobId } }, headers: { etag } });
  });

  it('a task that only touches updatedAt keeps the tag; another lesson done changes it', async () => {
    const { userId } = await learner();
    const { courseId } = await generatedCourse(userId);
    const jobId = (await invoke('GET /courses/{id}', { userId, params: { id: courseId } })).body.data.jobId as string;
    const { etag } = (await invoke('GET /jobs/{id}', { userId, params: { id: jobId } })).headers;
    await touchJob(userId, jobId, 'updatedAt = :now', { ':now': '2099-01-01T00:00:00.000Z' });
    expect((await invoke('GET /jobs/{id}', { userId, params: { id: jobId }, headers: { 'if-none-match': etag } })).status).toBe(304);
    await touchJob(userId, jobId, 'done = :d', { ':d': 0 });
    const moved = await invoke('GET /jobs/{id}', { userId, params: { id: jobId }, headers: { 'if-none-match': etag } });
    expect(moved).toMatchObject({ status: 200, body: { data: { done: 0 } } });
    expect(moved.headers.etag).not.toBe(etag);
  });
});
