import { performance } from 'node:perf_hooks';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../../lambdas/shared/clients';
import { PLANS, type PlanName } from '../../lambdas/plans/plans';
import type { BudgetPlan } from '../../lambdas/shared/ai/model-budget';
import { watchTurns } from '../../infra/local/turn-watch';

// Issue 40 item 2, the hog: one learner asks for their plan's whole month of courses at once, and 2 s
// later five learners ask for one course each. Each single-course learner's wait (plan answered to
// course ready) is set against a run of the same five alone, on the same stack and quota. A queue fair
// between learners keeps each within 1.5 × (the hog counts as one more learner, not as N courses
// ahead); first come, first served by course makes them wait behind the whole month.

export interface HogLearner { sub: string; token: string }
export interface HogDeps {
  table: string;
  plan: BudgetPlan;
  models: string[];
  register: (tag: string) => Promise<HogLearner>;
  /** POST /courses/plan: the job id, or the refusal's status and message. */
  start: (who: HogLearner, topic: string) => Promise<{ jobId?: string; status: number; message?: string }>;
  follow: (who: HogLearner, jobId: string) => Promise<{ status: string; positions: number[] }>;
}

const SINGLES = Number(process.env.BENCH_HOG_SINGLES) || 5;

/** Registered before anything runs: a sign-up under load is not what is measured (one answered 500 beside the hog). */
const learners = async (deps: HogDeps, tag: string) => {
  const who: HogLearner[] = [];
  for (let i = 0; i < SINGLES; i++) who.push(await deps.register(`${tag}${i}`));
  return who;
};

async function singles(deps: HogDeps, tag: string, who: HogLearner[]) {
  return Promise.all(
    who.map(async (w, i) => {
      await new Promise((r) => setTimeout(r, i * 200));
      const t = performance.now();
      const { jobId, status, message } = await deps.start(w, `Geología de volcanes ${tag} ${i}`);
      if (!jobId) throw new Error(`a single learner's course was refused (${status}): ${message}`);
      const seen = await deps.follow(w, jobId);
      return { seconds: (performance.now() - t) / 1000, status: seen.status, ahead: Math.max(0, ...seen.positions) };
    }),
  );
}

export async function hogComparison(deps: HogDeps, hogPlan: PlanName = (process.env.BENCH_HOG_PLAN as PlanName) || 'premium') {
  const [solo, junto, hog] = [await learners(deps, 'solo'), await learners(deps, 'junto'), await deps.register('acaparador')];
  // A course written first, alone: the stack's first course (cold functions) is not what is compared.
  const warm = await deps.register('calentamiento');
  const first = await deps.start(warm, 'Calentamiento');
  if (first.jobId) await deps.follow(warm, first.jobId);
  const alone = await singles(deps, 'solo', solo);
  if (hogPlan === 'premium') {
    await documentClient().send(
      new UpdateCommand({ TableName: deps.table, Key: { pk: `USER#${hog.sub}`, sk: 'PROFILE' }, UpdateExpression: 'SET #p = :p', ExpressionAttributeNames: { '#p': 'plan' }, ExpressionAttributeValues: { ':p': { nombre: 'premium' } } }),
    );
  }
  const month = PLANS[hogPlan].cursosPorMes;
  const watch = watchTurns(documentClient(), deps.table, deps.models, deps.plan, 250);
  const asked = await Promise.all(Array.from({ length: month }, (_, i) => deps.start(hog, `Historia del arte ${i}`)));
  const refused = asked.filter((a) => !a.jobId);
  await new Promise((r) => setTimeout(r, 2000));
  const withHog = await singles(deps, 'junto', junto);
  const turns = await watch.stop();
  const ratios = withHog.map((c, i) => c.seconds / alone[i].seconds);
  const lines = [
    `hog (${hogPlan}): asked for ${month} courses at once, ${month - refused.length} started, ${refused.length} refused${refused.length ? ` (${refused[0].status}: ${refused[0].message})` : ''}`,
    `single-course learners alone, start-to-ready (s): ${alone.map((c) => c.seconds.toFixed(0)).join(', ')}`,
    `the same beside the hog (s): ${withHog.map((c) => c.seconds.toFixed(0)).join(', ')}; largest "por delante" seen ${withHog.map((c) => c.ahead).join(', ')}`,
    `wait beside the hog / alone: ${ratios.map((r) => r.toFixed(2)).join(', ')} (max ${Math.max(...ratios).toFixed(2)} ×, goal ≤ 1.5 ×)`,
    ...turns.map((r) => `hog run, turns ${r.modelId}: ${r.waitedWindows} windows with courses waiting, ${(100 * r.idleShare).toFixed(1)} % of their budget unused`),
  ];
  const failed = [...alone, ...withHog].filter((c) => c.status !== 'completado').length;
  return { lines, failed, worst: Math.max(...ratios) };
}
