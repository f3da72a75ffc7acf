// `npm run fit:learner-model` (issue 41 item 6): fits the learner model's parameters by EM on the
// answer log and writes them where the model reads them (lambdas/learner-model/params.json).
// Input: `--input <file>`, JSON lines of MASTERY#<courseId> items (a DynamoDB export to S3, no Scan:
// `{"Item": {...}}` in DynamoDB JSON, or plain items), each with its `registro`. Learners are split
// by a hash of their id: 80 % fit, 20 % held out, on which the fitted and the current parameters'
// log-loss are compared; the file is written only when the fit predicts the held-out learners better.
// The EM fits the rust of a mastered objective's answers too, and how it slows with age (fit.ts `fitBkt`, bkt.ts `freshness`).
// `--dry-run` prints without writing.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BKT_DEFAULTS } from '../lambdas/learner-model';
import { fitBkt, fitChance, fitStability, heldOutLogLoss, itemDifficulty, linesOfItem, sequencesOf, type LogLine } from '../lambdas/learner-model/fit';
import type { LoggedAnswer } from '../lambdas/learner-model';

type Dynamo = { S?: string; N?: string; BOOL?: boolean; NULL?: boolean; L?: Dynamo[]; M?: Record<string, Dynamo> };
/** DynamoDB JSON to plain values (the types a MASTERY# item holds). */
const plain = (v: Dynamo): unknown =>
  v.S ?? (v.N !== undefined ? Number(v.N) : v.BOOL ?? (v.L ? v.L.map(plain) : v.M ? Object.fromEntries(Object.entries(v.M).map(([k, x]) => [k, plain(x)])) : null));

function linesOf(file: string): LogLine[] {
  return readFileSync(file, 'utf8').split('\n').filter(Boolean).flatMap((row) => {
    const raw = JSON.parse(row) as { Item?: Record<string, Dynamo> } & Record<string, unknown>;
    // One learner's answers are grouped per course: objective keys and item ids are the course's own.
    return linesOfItem((raw.Item ? plain({ M: raw.Item }) : raw) as { pk?: string; sk?: string; registro?: LoggedAnswer[] });
  });
}

const heldOut = (learner: string) => createHash('sha256').update(learner).digest()[0] < 256 * 0.2;

function main() {
  const args = process.argv.slice(2);
  const input = args[args.indexOf('--input') + 1];
  if (!args.includes('--input') || !input) throw new Error('usage: npm run fit:learner-model -- --input <export.jsonl> [--dry-run]');
  const lines = linesOf(input);
  const train = lines.filter((l) => !heldOut(l.learner));
  const test = sequencesOf(lines.filter((l) => heldOut(l.learner)));
  const fitted = fitBkt(sequencesOf(train));
  const { meanRight, byItem } = itemDifficulty(train);
  const before = heldOutLogLoss(test, BKT_DEFAULTS);
  const after = heldOutLogLoss(test, fitted);
  console.log(`${lines.length} answers, ${new Set(lines.map((l) => l.learner)).size} learners; fitted ${JSON.stringify(fitted)}`);
  console.log(`held-out log-loss: current ${before.toFixed(4)}, fitted ${after.toFixed(4)}`);
  if (args.includes('--dry-run') || !(after < before)) return console.log('params.json unchanged');
  const params = { ...BKT_DEFAULTS, pInit: fitted.pInit, pLearn: fitted.pLearn, pStudy: fitted.pStudy ?? fitted.pLearn, pGuess: fitted.pGuess, pSlip: fitted.pSlip, rust: fitted.rust, rustSpread: fitted.rustSpread, refresh: fitted.refresh, restudy: fitted.restudy, relearn: fitted.relearn, priorAge: fitted.priorAge, meanRight };
  const decay = { ...params, ...fitStability(train, params) };
  const out = { source: `EM on ${input}`, fittedAt: new Date().toISOString(), answers: lines.length, ...decay, pChance: fitChance(train, decay, byItem) };
  writeFileSync(join(__dirname, '../lambdas/learner-model/params.json'), `${JSON.stringify(out, null, 2)}\n`);
  console.log('wrote lambdas/learner-model/params.json');
}

main();
