// Cold init of every Lambda bundle at another commit against today's, measured in alternation:
//   npx tsx scripts/bench/lambda-init-compare.ts [rev = 6b39d1e^] [samples per side = 15] [bundle ...]
// (6b39d1e^ is the last commit before AWS's SDK clients, issue 22.) `rev` may be `before..after`, two
// commits, to leave the working tree's uncommitted changes out of the comparison.
//
// The other commit's bundles are built by its own build script (commit-bundles.ts). Both sides are then sampled by the
// same probe (lambda-init.ts) with today's Lambda environment, before and after alternating within
// each round and the order flipped every round (A B, B A, ...), so a burst of load on a shared
// machine falls on both sides alike. Reported per bundle: median CPU ms of each side with its
// interquartile range, and the median of the paired differences (after - before, sample by sample
// of the same round) with its interquartile range: the figure least moved by the load.
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildLambdas, type BuiltBundle } from '../build-lambdas';
import { bundlesAt, commitOf, type CommitBundle } from './commit-bundles';
import { initSample, median, quantile, serviceOf } from './lambda-init';

const [rev = '6b39d1e^', samplesArg = '15', ...only] = process.argv.slice(2);
const SAMPLES = Number(samplesArg);

type Before = CommitBundle;
const iqr = (xs: number[]) => `${quantile(xs, 0.25).toFixed(1)}–${quantile(xs, 0.75).toFixed(1)}`;

async function main() {
  const [beforeRev, afterRev] = rev.split('..');
  const commit = commitOf(beforeRev);
  const out = mkdtempSync(join(tmpdir(), 'mentora-init-compare-'));
  try {
    const before = bundlesAt(commit, join(out, 'before'));
    const after = (afterRev ? bundlesAt(commitOf(afterRev), join(out, 'after')) : await buildLambdas(join(out, 'after'))) as BuiltBundle[];
    const pairs = after
      .map((a) => ({ name: a.name, a, b: before.find((b) => b.name === a.name) }))
      .filter((p): p is { name: string; a: BuiltBundle; b: Before } => !!p.b && (only.length === 0 || only.includes(p.name)));
    const cpu = new Map(pairs.map((p) => [p.name, { before: [] as number[], after: [] as number[] }]));
    const load = loadavg()[0].toFixed(1);
    for (let round = 0; round < SAMPLES; round++) {
      for (const p of pairs) {
        const sides = round % 2 === 0 ? (['before', 'after'] as const) : (['after', 'before'] as const);
        for (const side of sides) cpu.get(p.name)![side].push(initSample(side === 'before' ? p.b.file : p.a.file, serviceOf(p.name)).cpu);
      }
    }
    const against = afterRev ? `${afterRev} (${commitOf(afterRev).slice(0, 7)})` : 'the working tree';
    console.log(`Cold init CPU ms, ${beforeRev} (${commit.slice(0, 7)}) against ${against}: ${SAMPLES} alternating samples per side;`);
    console.log(`load average ${load} before, ${loadavg()[0].toFixed(1)} after on ${availableParallelism()} CPUs. Median (interquartile range).\n`);
    // Cold KB: what a cold start reads (index.mjs and its static chunks); a commit from before code splitting has one file.
    const coldKb = (b: BuiltBundle | Before) => ((b.initBytes ?? b.bytes) / 1024).toFixed(1).padStart(9);
    console.log('bundle                  cold KB before  after   CPU before          CPU after           after - before (paired)');
    for (const p of pairs) {
      const { before: b, after: a } = cpu.get(p.name)!;
      const diff = a.map((x, i) => x - b[i]);
      const cell = (xs: number[]) => `${median(xs).toFixed(1)} (${iqr(xs)})`.padEnd(20);
      console.log(
        `${p.name.padEnd(22)}  ${coldKb(p.b)}  ${coldKb(p.a)}   ${cell(b)}${cell(a)}${median(diff).toFixed(1).padStart(6)} (${iqr(diff)})`,
      );
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
