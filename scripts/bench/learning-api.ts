import { QueryCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { OPTION_LETTERS } from '../../lambdas/contract';
import { documentClient } from '../../lambdas/shared/clients';
import { installClock } from '../../lambdas/shared/clock';
import { seededRandom as rng } from '../../infra/local/bedrock-faults';
import { invoke } from '../../test/support/invoke';
import { finishedJob, generatedCourse, learner } from '../../test/support/learners';
import { auc, type SimOptions } from './learning-sim';

// Issue 32's simulation through the real handlers (in process, test/support/invoke.ts, against the
// local stand-ins: DynamoDB Local, the local Step Functions runner and the offline writer), not HTTP:
// scripted learners with seeded knowledge take a real offline course's evaluations
// (POST /evaluacion/generate, POST …/evaluation), read their Mapa de dominio (GET /courses/{id}/mastery)
// and, with the loop on, work the Refuerzo guiado (POST …/refuerzo, its job, …/refuerzo/respuesta and
// its open question …/refuerzo/abierta, graded by the offline grader) before the retry. One course is
// generated once and copied into each learner's partition (its bank included): generating 200 courses
// would measure the pipeline, not the loop. The clock moves a day per attempt (2 attempts a day).

/** The seeded learners of the in-process simulation (learning-sim.ts), driven through the handlers. */
export interface ApiSimOptions extends Pick<SimOptions, 'learners' | 'seed' | 'slip' | 'guess' | 'learnFromRemediation' | 'knowNothing' | 'maxAttempts'> {
  /** true: work the Refuerzo guiado and learn what it targets; false: study one objective at random. */
  loop: boolean;
  /** Learners run at once. */
  concurrency: number;
}
export const API_SIM_DEFAULTS: ApiSimOptions = { learners: 200, seed: 32, slip: 0.1, guess: 0.25, learnFromRemediation: 0.6, knowNothing: 0.1, maxAttempts: 6, loop: true, concurrency: 4 };

export interface ApiSimFigures {
  learners: number;
  auc: number;
  /** Of the objectives a Refuerzo guiado targeted (the loop) or "Te falta" named, the share truly unknown. */
  remediationPrecision: number;
  attemptsToPass: number;
  passedShare: number;
  knowNothingPassRate: number;
  remedialPieces: number;
  openAnswersGraded: number;
}

const TABLE = () => process.env.TABLE_NAME!;
type Bank = Map<string, { correcta: string; opciones: string[]; objetivoId?: string; lessonId?: string }>;

/** The template: one learner's generated course with every module's bank written. */
export async function templateCourse() {
  const { userId } = await learner('Plantilla');
  const { courseId } = await generatedCourse(userId);
  const course = ((await invoke('GET /courses/{id}', { userId, params: { id: courseId } })).body as { data: unknown }).data as { modulos: { moduleId: string; objetivos?: { id: string }[] }[] };
  for (const m of course.modulos) {
    const shown = await invoke('POST /evaluacion/generate', { userId, body: { courseId, moduleId: m.moduleId } });
    if (shown.status === 202) await finishedJob(userId, jobOf(shown), 240_000);
  }
  const items = await documentClient().send(new QueryCommand({ TableName: TABLE(), KeyConditionExpression: 'pk = :pk AND begins_with(sk, :c)', ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':c': `COURSE#${courseId}` } }));
  return { userId, courseId, modules: course.modulos.map((m) => ({ moduleId: m.moduleId, objetivos: (m.objetivos ?? []).map((o) => o.id) })), items: items.Items ?? [] };
}
type Template = Awaited<ReturnType<typeof templateCourse>>;

/** `value` with every string's `from` replaced, Sets and numbers kept as they are (JSON would turn a Set into {}). */
function swap(value: unknown, from: string, to: string): unknown {
  if (typeof value === 'string') return value.split(from).join(to);
  if (value instanceof Set) return new Set([...value].map((v) => swap(v, from, to)));
  if (Array.isArray(value)) return value.map((v) => swap(v, from, to));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, swap(v, from, to)]));
  return value;
}

/** The template's items in a new learner's partition (every mention of the template's id replaced). */
async function copyCourse(t: Template, userId: string) {
  for (const item of t.items) {
    const copy = swap(item, t.userId, userId) as Record<string, unknown>;
    await documentClient().send(new PutCommand({ TableName: TABLE(), Item: copy }));
  }
}

async function bankOf(userId: string, courseId: string, moduleId: string): Promise<Bank> {
  const out = await documentClient().send(new QueryCommand({ TableName: TABLE(), KeyConditionExpression: 'pk = :pk AND sk = :sk', ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':sk': `COURSE#${courseId}#E#${moduleId}` } }));
  const preguntas = (out.Items?.[0]?.preguntas ?? []) as { preguntaId: string; correcta: string; opciones: string[]; objetivoId?: string; lessonId?: string }[];
  return new Map(preguntas.map((q) => [q.preguntaId, q]));
}

const jobOf = (res: { body: unknown }) => (res.body as { jobId: string }).jobId;

let dayOffset = 0;
/** The handlers' clock a day further: a new day's attempts and allowances. */
const nextDay = () => {
  dayOffset += 86_400_000;
  const offset = dayOffset;
  installClock({ now: () => new Date(Date.now() + offset) });
};

export async function simulateApi(t: Template, options: Partial<ApiSimOptions> = {}): Promise<ApiSimFigures> {
  const o = { ...API_SIM_DEFAULTS, ...options };
  const random = rng(o.seed);
  const scores: { p: number; known: boolean }[] = [];
  let targeted = 0, targetedRight = 0, pieces = 0, graded = 0, tried = 0, nothingAttempts = 0, nothingPasses = 0;
  const toPass: number[] = [];
  // Each learner's draws come from the seeded generator in order, so a run is the same every time.
  const plans = Array.from({ length: o.learners }, () => {
    const nothing = random() < o.knowNothing;
    return { nothing, known: t.modules.map((m) => new Map(m.objetivos.map((id) => [id, !nothing && random() < 0.5]))), draws: Array.from({ length: 4000 }, () => random()) };
  });

  async function one(plan: (typeof plans)[number]) {
    let d = 0;
    const r = () => plan.draws[d++ % plan.draws.length];
    const userId = randomUUID();
    await copyCourse(t, userId);
    const courseId = t.courseId;
    for (const [mi, m] of t.modules.entries()) {
      const known = plan.known[mi];
      tried += plan.nothing ? 0 : 1;
      for (let attempt = 1; attempt <= o.maxAttempts; attempt++) {
        let shown = await invoke('POST /evaluacion/generate', { userId, body: { courseId, moduleId: m.moduleId } });
        if (shown.status === 429) {
          nextDay();
          shown = await invoke('POST /evaluacion/generate', { userId, body: { courseId, moduleId: m.moduleId } });
        }
        // A top-up job when the unseen questions cannot fill an attempt (each met question is never drawn again).
        for (let round = 0; shown.status === 202 && round < 3; round++) {
          await finishedJob(userId, jobOf(shown), 240_000);
          shown = await invoke('POST /evaluacion/generate', { userId, body: { courseId, moduleId: m.moduleId } });
        }
        if (shown.status !== 200) throw new Error(`generate answered ${shown.status}: ${JSON.stringify(shown.body)}`);
        const bank = await bankOf(userId, courseId, m.moduleId);
        const answers = ((shown.body as { data: { preguntas: unknown } }).data.preguntas as { preguntaId: string; opciones: { opcion: string; texto: string }[] }[]).map((p) => {
          const q = bank.get(p.preguntaId)!;
          const rightText = q.opciones[OPTION_LETTERS.indexOf(q.correcta as (typeof OPTION_LETTERS)[number])];
          const right = known.get(q.objetivoId ?? '') ? r() >= o.slip : r() < o.guess;
          const wrong = p.opciones.filter((x) => x.texto !== rightText);
          return { preguntaId: p.preguntaId, opcion: right ? p.opciones.find((x) => x.texto === rightText)!.opcion : wrong[Math.floor(r() * wrong.length)].opcion };
        });
        const res = await invoke('POST /courses/{id}/modules/{moduleId}/evaluation', { userId, params: { id: courseId, moduleId: m.moduleId }, body: { answers } });
        if (res.status !== 200) throw new Error(`evaluation answered ${res.status}: ${JSON.stringify(res.body)}`);
        const result = (res.body as { data: unknown }).data as { aprobado: boolean; objetivos?: { id: string; domina: boolean }[] };
        nextDay();
        if (plan.nothing) {
          nothingAttempts++;
          if (result.aprobado) nothingPasses++;
        }
        if (attempt === 1 && !plan.nothing) {
          const map = ((await invoke('GET /courses/{id}/mastery', { userId, params: { id: courseId } })).body as { data: unknown }).data as { modulos: { moduleId: string; objetivos: { id: string; estimacion: number }[] }[] };
          for (const x of map.modulos.find((mm) => mm.moduleId === m.moduleId)?.objetivos ?? []) scores.push({ p: x.estimacion, known: known.get(x.id) ?? false });
        }
        if (result.aprobado) {
          if (!plan.nothing) toPass.push(attempt);
          break;
        }
        const teFalta = (result.objetivos ?? []).filter((x) => !x.domina).map((x) => x.id);
        let studied = teFalta;
        if (o.loop) studied = await workPiece(userId, courseId, m.moduleId, known, r);
        targeted += studied.length;
        targetedRight += studied.filter((id) => !known.get(id)).length;
        if (plan.nothing) continue;
        if (!o.loop) studied = [m.objetivos[Math.floor(r() * m.objetivos.length)]];
        for (const id of studied) if (!known.get(id) && r() < o.learnFromRemediation) known.set(id, true);
      }
    }
  }

  /** Opens the Refuerzo guiado (following its job), answers its practice and open question; answers the objectives it targets. */
  async function workPiece(userId: string, courseId: string, moduleId: string, known: Map<string, boolean>, r: () => number): Promise<string[]> {
    const where = { id: courseId, moduleId };
    let opened = await invoke('POST /courses/{id}/modules/{moduleId}/refuerzo', { userId, params: where });
    if (opened.status === 409) return [];
    if (opened.status === 202) {
      await finishedJob(userId, jobOf(opened), 240_000);
      opened = await invoke('POST /courses/{id}/modules/{moduleId}/refuerzo', { userId, params: where });
    }
    if (opened.status !== 200) throw new Error(`refuerzo answered ${opened.status}: ${JSON.stringify(opened.body)}`);
    pieces++;
    const piece = (opened.body as { data: unknown }).data as { objetivos: { id: string }[]; practica: { item: number; objetivoId: string }[]; abierta?: { objetivoId: string } };
    const stored = (await documentClient().send(new QueryCommand({ TableName: TABLE(), KeyConditionExpression: 'pk = :pk AND sk = :sk', ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':sk': `REMEDIAL#${courseId}#${moduleId}` } }))).Items?.[0] as { practica: { correcta: number }[]; abierta?: { rubrica: string } };
    for (const q of piece.practica) {
      const key = stored.practica[q.item - 1].correcta;
      const right = known.get(q.objetivoId) ? r() >= 0.1 : r() < 0.25;
      const opcion = OPTION_LETTERS[right ? key : (key + 1 + Math.floor(r() * 3)) % 4];
      await invoke('POST /courses/{id}/modules/{moduleId}/refuerzo/respuesta', { userId, params: where, body: { item: q.item, opcion } });
    }
    if (piece.abierta && stored.abierta) {
      const respuesta = known.get(piece.abierta.objetivoId) ? `Con mis palabras: ${stored.abierta.rubrica}` : 'No estoy seguro, creo que depende de cada caso.';
      const started = await invoke('POST /courses/{id}/modules/{moduleId}/refuerzo/abierta', { userId, params: where, body: { respuesta } });
      if (started.status === 202 && (await finishedJob(userId, jobOf(started), 240_000)).status === 'completado') graded++;
    }
    return piece.objetivos.map((x) => x.id);
  }

  for (let i = 0; i < plans.length; i += o.concurrency) {
    await Promise.all(plans.slice(i, i + o.concurrency).map(one));
    if (process.env.PROGRESS) process.stderr.write(`${o.loop ? 'loop' : 'no loop'}: ${Math.min(i + o.concurrency, plans.length)}/${plans.length}\n`);
  }
  return {
    learners: o.learners,
    auc: auc(scores),
    remediationPrecision: targeted ? targetedRight / targeted : NaN,
    attemptsToPass: toPass.reduce((a, b) => a + b, 0) / Math.max(toPass.length, 1),
    passedShare: toPass.length / Math.max(tried, 1),
    knowNothingPassRate: nothingAttempts ? nothingPasses / nothingAttempts : 0,
    remedialPieces: pieces,
    openAnswersGraded: graded,
  };
}
