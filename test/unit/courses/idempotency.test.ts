import { idempotent, IN_PROGRESS, KEY_REUSED } from '../../../lambdas/courses/idempotency';
import { MemoryEventRecords } from '../payments/memory-event-records';

// An Idempotency-Key on POST /courses/plan (Powertools Idempotency, lambdas/courses/idempotency.ts):
// the work runs once per learner and key, whatever the client retries. Records in memory, with the
// DynamoDB layer's put condition (test/unit/payments/memory-event-records.ts).

function setup() {
  const partitions = new Map<string, MemoryEventRecords>();
  const records = (userId: string) => partitions.get(userId) ?? partitions.set(userId, new MemoryEventRecords()).get(userId)!;
  let runs = 0;
  const work = async () => ({ curso: { courseId: `c${++runs}` }, jobId: `j${runs}` });
  return { records, work, runs: () => runs };
}

afterEach(() => jest.restoreAllMocks());

describe('a course request under an Idempotency-Key', () => {
  it('refuses the same key with another body, in Spanish, and runs nothing for it', async () => {
    const t = setup();
    await idempotent(t.records, 'u1', 'plan:k1', 'body-a', t.work);
    await expect(idempotent(t.records, 'u1', 'plan:k1', 'body-b', t.work)).rejects.toMatchObject({ status: 409, message: KEY_REUSED });
    expect(t.runs()).toBe(1);
  });

  it('answers a replay while the first still runs with a Spanish 409 once the wait is over', async () => {
    const t = setup();
    let finish!: () => void;
    const first = idempotent(t.records, 'u1', 'plan:k2', 'body', () => new Promise((resolve) => (finish = () => resolve({ curso: { courseId: 'c1' } }))));
    await new Promise(setImmediate);
    await expect(idempotent(t.records, 'u1', 'plan:k2', 'body', t.work, 300)).rejects.toMatchObject({ status: 409, message: IN_PROGRESS });
    finish();
    await first;
    expect(t.runs()).toBe(0);
  });

  it('answers a replay with the first answer, and does the work once', async () => {
    const t = setup();
    const first = await idempotent(t.records, 'u1', 'plan:k3', 'body', t.work);
    const replay = await idempotent(t.records, 'u1', 'plan:k3', 'body', t.work);
    expect(replay).toEqual(first);
    expect(t.runs()).toBe(1);
  });

  it('lets the retry of a failed request do the work', async () => {
    const t = setup();
    await expect(idempotent(t.records, 'u1', 'plan:k4', 'body', async () => Promise.reject(new Error('Step Functions no contesta')))).rejects.toThrow('no contesta');
    await expect(idempotent(t.records, 'u1', 'plan:k4', 'body', t.work)).resolves.toMatchObject({ curso: { courseId: 'c1' } });
  });

  it('lets the next request claim a key whose first request died (its 60 s lock is over)', async () => {
    const t = setup();
    const startedAt = Date.now();
    void idempotent(t.records, 'u1', 'plan:k5', 'body', () => new Promise(() => undefined)); // killed: never answers
    await new Promise(setImmediate);
    jest.spyOn(Date, 'now').mockReturnValue(startedAt + 61_000);
    await expect(idempotent(t.records, 'u1', 'plan:k5', 'body', t.work)).resolves.toMatchObject({ curso: { courseId: 'c1' } });
  });

  it("keeps keys per learner: another learner's same key is a request of their own", async () => {
    const t = setup();
    await idempotent(t.records, 'u1', 'plan:k6', 'body', t.work);
    await expect(idempotent(t.records, 'u2', 'plan:k6', 'body-b', t.work)).resolves.toMatchObject({ curso: { courseId: 'c2' } });
  });
});
