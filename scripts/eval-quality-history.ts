import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ContentMetrics } from './eval-quality-content';

// The trend of the content figures: each run keeps its figures per case in .bench/eval-quality/
// history.json (git-ignored, the last RUNS runs), and the report shows each figure against the run
// before. A clean clone (CI) has no history: the trend reads "–".

const RUNS = 20;
export interface HistoryRun {
  at: string;
  cases: Record<string, ContentMetrics>;
}
export const caseKey = (c: { topic: string; level: string }) => `${c.topic} (${c.level})`;

export function readHistory(dir: string): HistoryRun | undefined {
  const file = join(dir, 'history.json');
  if (!existsSync(file)) return undefined;
  try {
    const runs = JSON.parse(readFileSync(file, 'utf8')) as HistoryRun[];
    return runs.at(-1);
  } catch {
    return undefined;
  }
}

export function writeHistory(dir: string, results: { topic: string; level: string; content: ContentMetrics }[]) {
  const file = join(dir, 'history.json');
  let runs: HistoryRun[] = [];
  try {
    runs = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as HistoryRun[]) : [];
  } catch {
    runs = [];
  }
  runs.push({ at: new Date().toISOString(), cases: Object.fromEntries(results.map((r) => [caseKey(r), r.content])) });
  writeFileSync(file, JSON.stringify(runs.slice(-RUNS), null, 1));
}
