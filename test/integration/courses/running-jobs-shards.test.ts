import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { jobKey } from '../../../lambdas/course-model/course-keys';
import { dynamoCourseStore } from '../../../lambdas/course-model/course-store';
import { dynamoRunningJobs } from '../../../lambdas/course-model/running-jobs';
import { RUNNING_JOB_SHARDS, runningJobIndex } from '../../../lambdas/course-model/store-support';
import { documentClient } from '../../../lambdas/shared/clients';
import { generatingCourse } from './support/generating-course';
import { useOwnDynamo } from '../support/own-dynamo';

// Issue 23: running course jobs are listed in RUNNING_JOB_SHARDS index partitions (by a hash of the
// course id) instead of one partition every task rewrites; the sweeper reads every shard, and the
// single partition of jobs listed before sharding, on a DynamoDB Local of its own. Jobs here moved
// in 2001, so a cutoff in 2001 sees only them.

useOwnDynamo();

const db = () => documentClient();
const store = () => dynamoCourseStore(db(), 'mentora');
const running = () => dynamoRunningJobs(db(), 'mentora');

const courseAt = (userId: string, at: string) => generatingCourse(userId, at, { modulos: 1, lecciones: 1, total: 3 });

const at = (day: number) => new Date(Date.UTC(2001, 0, day)).toISOString();

describe('the running-jobs index, sharded by course', () => {
  it('lists a new job in its course shard, not in one partition for all', async () => {
    const started = await Promise.all(
      Array.from({ length: 24 }, async (_, i) => {
        const { course, job } = courseAt(`u-shard-${i}`, at(2));
        await store().create(course, job);
        return (await db().send(new GetCommand({ TableName: 'mentora', Key: jobKey(job.userId, job.jobId) }))).Item!;
      }),
    );
    for (const item of started) expect(item.gsi2pk).toBe(runningJobIndex.partition(item.courseId));
    const used = new Set(started.map((i) => i.gsi2pk));
    expect(used.size).toBeGreaterThan(RUNNING_JOB_SHARDS / 2);
    expect(used.has('COURSE_JOBS#RUNNING')).toBe(false);
  });

  it('finds the stale jobs of every shard, stalest first, and the stalest movement overall', async () => {
    const jobs = Array.from({ length: 12 }, (_, i) => courseAt(`u-stale-${i}`, at(10 + i)));
    for (const { course, job } of jobs) await store().create(course, job);
    const { stale, oldestMovedAt } = await running().idleSince(at(28), 1000);
    const mine = stale.filter((s) => s.userId.startsWith('u-stale-'));
    expect(mine.map((s) => s.jobId)).toEqual(jobs.map((j) => j.job.jobId));
    expect(stale.map((s) => s.movedAt)).toEqual([...stale.map((s) => s.movedAt)].sort());
    expect(oldestMovedAt! <= at(10)).toBe(true);
    expect((await running().idleSince(at(28), 3)).stale).toHaveLength(3);
  });

  it('still sweeps a job listed in the single partition used before sharding', async () => {
    const { job } = courseAt('u-legacy', at(1));
    await db().send(new PutCommand({ TableName: 'mentora', Item: { ...job, ...jobKey(job.userId, job.jobId), gsi2pk: 'COURSE_JOBS#RUNNING', gsi2sk: job.updatedAt } }));
    const { stale } = await running().idleSince(at(2), 1000);
    expect(stale.map((s) => s.jobId)).toEqual([job.jobId]);
  });
});
