import { AWS_DEFAULT_QUOTAS } from './aws-quotas';
import { ASSUMPTIONS, COURSE, COURSE_CALLS, peakLoad, TRANSITIONS_PER_COURSE, TUTOR_CALLS, UNITS, type Load, type ModelCall } from './capacity';
import { learnersServed, PLANNED_BEDROCK_TPM, RESERVABLE, RESERVED_CONCURRENCY } from './concurrency';
import { RUNNING_JOB_SHARDS } from '../lambdas/course-model/store-support';
import { STAGE_THROTTLE } from './aws/api';

// The tables of docs/capacity.md, as markdown, from the capacity model alone: the bench writes them
// into the doc (scripts/bench/capacity-model.bench.ts) and a unit test fails when they differ.

export const SCALES = [10_000, 100_000, 1_000_000] as const;
export const MARKERS = { start: '<!-- capacity-model:start -->', end: '<!-- capacity-model:end -->' } as const;

const n = (x: number, digits = 0) => x.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: 0 });
const table = (head: string[], rows: (string | number)[][]) =>
  [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');

interface Limit {
  name: string;
  quota: number;
  /** The load's figure this quota bounds. */
  of: (l: Load) => number;
  /** What to ask for (or do) when it is passed. */
  remedy: string;
}

const q = AWS_DEFAULT_QUOTAS;
const writer = COURSE_CALLS[1].modelId;
const verifier = COURSE_CALLS[3].modelId;

export const LIMITS: Limit[] = [
  { name: `Bedrock TPM, ${writer} (eu-west-1)`, quota: q.bedrockNovaLiteTpm.value, of: (l) => l.bedrockTpm[writer] ?? 0, remedy: 'raise "Cross-region model inference tokens per minute" for the writer model' },
  { name: `Bedrock TPM, ${verifier}`, quota: q.bedrockNovaLiteTpm.value, of: (l) => l.bedrockTpm[verifier] ?? 0, remedy: 'raise the verifier model\'s cross-region TPM (its eu-west-1 default: assumed 200,000, check Service Quotas)' },
  { name: 'Lambda concurrency (busy executions)', quota: q.lambdaConcurrency.value, of: (l) => l.pipelineConcurrency + l.tutorConcurrency + l.apiConcurrency, remedy: 'raise "Concurrent executions", then the reservations (infra/concurrency.ts)' },
  { name: 'Step Functions transitions/s', quota: q.stepFunctionsTransitions.value, of: (l) => l.transitionsPerSecond, remedy: 'raise StateTransition refill rate' },
  { name: 'HTTP API requests/s (account)', quota: q.httpApiAccountRps.value, of: (l) => l.apiRps, remedy: 'raise the account throttle quota' },
  { name: 'HTTP API route throttle, busiest route (ours: STAGE_THROTTLE, per route)', quota: STAGE_THROTTLE.rateLimit, of: (l) => l.busiestRouteRps, remedy: 'raise STAGE_THROTTLE in infra/aws/api.ts (our own setting, no AWS request)' },
  { name: 'DynamoDB write units/s (new on-demand table)', quota: q.dynamoNewOnDemandTable.value, of: (l) => l.writeUnitsPerSecond, remedy: 'pre-warm the table (warm throughput) before launch' },
  { name: 'DynamoDB read units/s (new on-demand table)', quota: 3 * q.dynamoNewOnDemandTable.value, of: (l) => l.readUnitsPerSecond, remedy: 'pre-warm the table (warm throughput) before launch' },
  { name: 'Running-jobs index, writes/s per shard', quota: q.dynamoPartitionWrites.value / 2, of: (l) => l.runningIndexWritesPerShard, remedy: 'more shards (RUNNING_JOB_SHARDS); a sort-key change is two index writes' },
];

/** Daily learners at which a limit is reached (every figure grows linearly with learners). */
const reachedAt = (limit: Limit) => limit.quota / limit.of(peakLoad(1, RUNNING_JOB_SHARDS));

function assumptionsTable() {
  return table(['assumption', 'value'], [
    ['peak hour', `${ASSUMPTIONS.peakHourShare * 100} % of a day`],
    ['courses per daily learner', `${ASSUMPTIONS.coursesPerLearner.low}–${ASSUMPTIONS.coursesPerLearner.high} (sized at ${ASSUMPTIONS.coursesPerLearner.high})`],
    ['tutor messages per daily learner', ASSUMPTIONS.tutorMessagesPerLearner],
    ['reads per daily learner', ASSUMPTIONS.readsPerLearner],
    ['course', `${COURSE.modules} × ${COURSE.lessonsPerModule}`],
    ['state transitions per course', TRANSITIONS_PER_COURSE],
  ]);
}

function callsTable() {
  const row = (per: string) => (c: ModelCall) => [per, c.purpose, c.modelId, c.calls, n(c.reservedTokens), n(c.seconds, 1)];
  return table(['per', 'purpose', 'model', 'calls', 'reserved tokens each (input + maxTokens)', 'seconds each'], [...COURSE_CALLS.map(row('course')), ...TUTOR_CALLS.map(row('tutor message'))]);
}

function unitsTable() {
  return table(['action', 'DynamoDB units'], [
    ['a course generated (writes)', n(UNITS.courseWrites)],
    ['a course page read', n(UNITS.readRead)],
    ['a tutor message (reads)', n(UNITS.tutorRead)],
    ['a tutor message (writes)', n(UNITS.tutorWrite)],
    ['a progress write', n(UNITS.progressWrite)],
  ]);
}

function scalesTable() {
  const loads = SCALES.map((s) => peakLoad(s, RUNNING_JOB_SHARDS));
  return table(['at the peak hour', 'default quota', ...SCALES.map((s) => `${n(s)} learners`)], [
    ['courses started per hour', '–', ...loads.map((l) => n(l.coursesPerHour))],
    ...LIMITS.map((lim) => [lim.name, n(lim.quota), ...loads.map((l) => `${n(lim.of(l))} (${n((lim.of(l) / lim.quota) * 100)} %)`)]),
  ]);
}

function wallsTable() {
  const sorted = [...LIMITS].sort((a, b) => reachedAt(a) - reachedAt(b));
  return table(['limit', 'reached at (daily learners)', 'before launch at 10k / 100k / 1M: ask for', 'how'], sorted.map((lim) => {
    const ask = SCALES.map((s) => {
      const need = lim.of(peakLoad(s, RUNNING_JOB_SHARDS));
      return need > lim.quota ? n(Math.ceil((need * 1.5) / 1000) * 1000) : '–';
    });
    return [lim.name, n(reachedAt(lim)), ask.join(' / '), lim.remedy];
  }));
}

function reservationsTable() {
  const r = RESERVED_CONCURRENCY;
  const rows: (string | number)[][] = [
    ...Object.entries(r.pipeline).map(([task, v]) => [`pipeline: ${task}`, v]),
    ['model jobs', r.modelJobs],
    ['tutor stream', r.tutorStream],
    ...Object.entries(r.api).map(([g, v]) => [`API: ${g}`, v]),
  ];
  const total = rows.reduce((s, [, v]) => s + Number(v), 0);
  return `${table(['function', 'reserved'], rows)}\n\nTotal ${n(total)} of ${n(RESERVABLE)} reservable (${n(q.lambdaConcurrency.value)} minus the ${q.lambdaUnreservedMinimum.value} Lambda keeps unreserved); sized for ${n(PLANNED_BEDROCK_TPM)} writer-model TPM, which serves about ${n(learnersServed())} daily learners at the peak hour.`;
}

function sourcesTable() {
  return table(['quota', 'default', 'adjustable', 'source (read)'], Object.values(q).map((x) => [x.unit, n(x.value), x.adjustable ? 'yes' : 'no', `${x.source} (${x.read})${'note' in x ? ` ${x.note}` : ''}`]));
}

/** Everything between the doc's markers. */
export function capacityTables(): string {
  return [
    '### Assumptions', assumptionsTable(),
    '### Model calls', callsTable(),
    '### DynamoDB units per action', unitsTable(),
    '### The peak hour at each scale (share of the default quota)', scalesTable(),
    '### First walls and the increases to request', wallsTable(),
    '### Reserved concurrency (production)', reservationsTable(),
    '### Default quotas and where they were read', sourcesTable(),
  ].join('\n\n');
}

/** The doc with its generated part replaced. */
export function withTables(doc: string): string {
  const start = doc.indexOf(MARKERS.start);
  const end = doc.indexOf(MARKERS.end);
  if (start < 0 || end < start) throw new Error(`docs/capacity.md has no ${MARKERS.start} … ${MARKERS.end} section`);
  return `${doc.slice(0, start + MARKERS.start.length)}\n${capacityTables()}\n${doc.slice(end)}`;
}
