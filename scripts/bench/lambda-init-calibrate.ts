// Calibrates the cold-init bench's yardstick (init-yardstick.ts): what would its import have cost on the
// machine where the 100 ms budget was last read with every bundle inside it?
//   npx tsx scripts/bench/lambda-init-calibrate.ts [rounds = 15]
// That day's figures are kept below: commit 3c85111's bundles as `npm run bench lambda-bundles` and
// lambda-init-compare.ts read them on 2026-11-28 (docs/architecture.md, "What keeps them there").
// This script builds 3c85111's bundles with its own build script, then samples them and the yardstick in
// the same rounds. In each round, this machine's slowness is the mean of (today's reading / that day's) over
// those bundles, and the yardstick's cost there is today's yardstick divided by it; the constant is the
// median over rounds. Paired within a round, so a drift of this machine's speed (a third within an hour,
// seen on 2026-11-30) falls on both sides alike.
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundlesAt, commitOf } from './commit-bundles';
import { writeYardstick } from './init-yardstick';
import { initSample, median, quantile, serviceOf } from './lambda-init';

export const CALIBRATION_COMMIT = '3c85111';
/** Init CPU ms of 3c85111's bundles on 2026-11-28 (Node 22.23.3, load 6–6.5): the bench's and the comparison's readings. */
export const READ_AT_BUDGET: Record<string, number[]> = { users: [67.6, 66.3], narration: [60.6, 60.2], auth: [66.5] };

function main() {
  const rounds = Number(process.argv[2] ?? 15);
  const out = mkdtempSync(join(tmpdir(), 'mentora-init-calibrate-'));
  try {
    const bundles = bundlesAt(commitOf(CALIBRATION_COMMIT), join(out, 'bundles')).filter((b) => b.name in READ_AT_BUDGET);
    const yardstick = writeYardstick(out);
    const load = loadavg()[0].toFixed(1);
    const perRound: number[] = [];
    const slowness: number[] = [];
    for (let r = 0; r < rounds; r++) {
      const y = [initSample(yardstick, 'yardstick').cpu];
      const ratios = bundles.map((b) => initSample(b.file, serviceOf(b.name)).cpu / median(READ_AT_BUDGET[b.name]));
      y.push(initSample(yardstick, 'yardstick').cpu);
      const s = ratios.reduce((a, b) => a + b, 0) / ratios.length;
      slowness.push(s);
      perRound.push((y[0] + y[1]) / 2 / s);
    }
    console.log(`Yardstick calibration against ${CALIBRATION_COMMIT}'s ${bundles.map((b) => b.name).join(', ')}: ${rounds} rounds; load ${load} before, ${loadavg()[0].toFixed(1)} after on ${availableParallelism()} CPUs.`);
    console.log(`this machine against that day: ${median(slowness).toFixed(3)}× (IQR ${quantile(slowness, 0.25).toFixed(3)}–${quantile(slowness, 0.75).toFixed(3)})`);
    console.log(`YARDSTICK_MS_AT_BUDGET = ${median(perRound).toFixed(1)} (IQR ${quantile(perRound, 0.25).toFixed(1)}–${quantile(perRound, 0.75).toFixed(1)})`);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

if (require.main === module) {
  main();
}
