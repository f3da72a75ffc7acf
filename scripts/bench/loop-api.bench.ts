import { spawnStack } from '../../test/support/spawn-stack';

// `npm run bench loop-api` (issue 32; apart from `npm run bench learning` since issue 41, which must stay under 5 minutes): the loop through the real handlers in process
// against a local stack of its own (scripts/bench/learning-api.ts), with and without the Refuerzo
// guiado. LEARNERS=<n> for a smaller run (default 200 each way; LEARNERS_OFF=<n>
// for the loop-off run), CONCURRENCY=<n> learners at once
// (default 4), PROGRESS=1 to follow it. About 10 s per learner on a loaded 2-core machine at 4.

const fmt = (x: number, d = 3) => (Number.isFinite(x) ? x.toFixed(d) : 'n/a');

async function main() {
  const stack = await spawnStack({ port: 0, web: 'none' });
  try {
    Object.assign(process.env, stack.env, { MENTORA_URL: stack.url, POWERTOOLS_LOG_LEVEL: 'CRITICAL' });
    const { simulateApi, templateCourse } = await import('./learning-api');
    const learners = Number(process.env.LEARNERS ?? 200);
    const t = await templateCourse();
    const started = Date.now();
    const concurrency = Number(process.env.CONCURRENCY ?? 4);
    const withLoop = await simulateApi(t, { learners, loop: true, concurrency });
    console.log(`with the loop: ${JSON.stringify(withLoop)}`);
    // The loop off needs no job per failed attempt; LEARNERS_OFF runs fewer when time is short.
    const without = await simulateApi(t, { learners: Number(process.env.LEARNERS_OFF ?? learners), loop: false, concurrency });
    console.log(`without: ${JSON.stringify(without)}`);
    const modules = t.modules.map((m) => m.objetivos.length).join(' + ');
    console.log(`through the handlers (in process, local stack): ${withLoop.learners} learners with the loop, ${without.learners} without, one offline course (${t.modules.length} modules, ${modules} objectives), slip 0.1, guess 0.25, 10% know nothing, ${((Date.now() - started) / 60_000).toFixed(1)} min`);
    console.log(`AUC of the Mapa de dominio's estimate after each module's first attempt: ${fmt(withLoop.auc)} (goal ≥ 0.9)`);
    console.log(`remediation precision (objectives the Refuerzo guiado targeted that were truly unknown): ${fmt(withLoop.remediationPrecision)} (goal ≥ 0.9); ${withLoop.remedialPieces} pieces, ${withLoop.openAnswersGraded} open answers graded`);
    console.log(`attempts to pass a module: ${fmt(withLoop.attemptsToPass, 2)} with the loop, ${fmt(without.attemptsToPass, 2)} without (passed ${fmt(withLoop.passedShare, 2)} vs ${fmt(without.passedShare, 2)} within 6 attempts)`);
    console.log(`know-nothing learners: pass rate ${fmt(withLoop.knowNothingPassRate, 6)} per attempt (loop on), ${fmt(without.knowNothingPassRate, 6)} (off)`);
  } finally {
    await stack.stop();
  }
}

void main().then(() => process.exit(0), (error: unknown) => {
  console.error(error);
  process.exit(1);
});
