import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CourseItem } from '../lambdas/course-model/course-items';
import { bedrockClient } from '../lambdas/shared/ai/bedrock-client';
import { cacheOf, costUsd, type CacheTokens } from '../lambdas/shared/ai/model-table';
import { modelIdsFromEnv } from '../lambdas/shared/ai/models';
import { bedrockStructuredModel, type StructuredModel } from '../lambdas/shared/ai/structured-output';
import * as tasks from '../lambdas/pipeline/tasks';
import { startLocalBedrock } from '../infra/local/bedrock';
import { CASE_SHAPE, QUALITY_CASES, type QualityCase } from './eval-quality-cases';
import { evaluationChecks, lessonChecks, outlineSchemaProblems } from './eval-quality-checks';
import { contentMetrics, contentProblems, testWiseProblems } from './eval-quality-content';
import { figures, hasDefect, htmlReport, markdownReport, type CaseResult } from './eval-quality-report';
import { readHistory, writeHistory } from './eval-quality-history';
import { memoryStores } from './eval-quality-store';
import { judgeCourse, judgeOfAnotherFamily } from './eval-quality-judge';
import { diagramFigures } from './eval-quality-diagrams';
import type { DiagramOutcome } from '../lambdas/shared/ai/diagram-repair';

// `npm run eval:quality`: every fixed case generates a whole course through the pipeline's own
// tasks, in the state machine's order (outline → each module's lessons → its evaluation → finalize),
// against whatever model is configured: the offline writer by default, a real model through
// MENTORA_LLM_URL (the local Converse endpoint forwards to it), or Bedrock itself with
// MENTORA_EVAL_BEDROCK=1 (AWS credentials and region from the environment). Writes
// .bench/eval-quality/{index.md,index.html} (git-ignored); exits 1 on any structural defect.
// `--judge` (`npm run eval:quality -- --judge`) also has a model of another family rate every
// lesson and question, with reasons (eval-quality-judge.ts); offline, the offline judge does.

const OUT = join(process.cwd(), '.bench', 'eval-quality');

/** The model, wrapped to count every call's tokens, cost and (for evaluations) questions written. */
function metered(model: StructuredModel) {
  const calls: { purpose: string; modelId: string; input: number; output: number; cache: CacheTokens; written?: number }[] = [];
  const wrapped: StructuredModel = async (spec, data, options) => {
    const r = await model(spec, data, options);
    const written = spec.purpose === 'evaluation' ? ((r.value as { preguntas?: unknown[] }).preguntas?.length ?? 0) : undefined;
    calls.push({ purpose: String(spec.tool === 'verificar_preguntas' ? 'verifier' : spec.purpose), modelId: r.modelId, input: r.usage.inputTokens, output: r.usage.outputTokens, cache: cacheOf(r.usage), written });
    return r;
  };
  return { wrapped, calls };
}

async function runCase(model: StructuredModel, c: QualityCase, i: number, demo: boolean, judge: boolean): Promise<CaseResult> {
  const started = Date.now();
  const m = metered(model);
  const input = { userId: 'calidad', courseId: `caso-${i + 1}`, jobId: `job-${i + 1}`, topic: c.topic, level: c.level, objetivos: [], ...CASE_SHAPE };
  const item = { courseId: input.courseId, userId: input.userId, topic: c.topic, nivel: c.level, modulos: [], objetivos: [], estado: 'generando' } as unknown as CourseItem;
  const { store, gen, items } = memoryStores(item);
  const deps = { model: m.wrapped, gen, store };
  let error: string | undefined;
  const outcomes: (DiagramOutcome | undefined)[] = [];
  try {
    const outline = await tasks.outlineTask(deps, { course: input, resume: false });
    await Promise.all(
      outline.modulos.map(async (module) => {
        const base = { course: input, resume: false, titulo: outline.titulo, module };
        const written = await Promise.all(module.lecciones.map((lesson) => tasks.lessonTask(deps, { ...base, lesson })));
        outcomes.push(...written.map((w) => ('diagramas' in w ? w.diagramas : undefined)));
        await tasks.evaluationTask(deps, base);
      }),
    );
    await tasks.finalizeTask(deps, { course: input, resume: false });
  } catch (e) {
    error = `${(e as Error).name}: ${(e as Error).message}`.slice(0, 300);
  }
  const { course, lessons, evaluations } = items();
  const l = lessonChecks(lessons, c.topic);
  const ev = evaluationChecks(course, evaluations);
  const written = m.calls.reduce((n, x) => n + (x.written ?? 0), 0);
  const content = contentMetrics(course, lessons, evaluations, c.tratamiento ?? 'tu');
  // The judge's calls go straight to the model, not through the course's meter: its cost is its own.
  const verdicts = judge && !error ? await judgeCourse(model, course, lessons, evaluations) : undefined;
  return {
    ...(verdicts && { judge: verdicts }),
    ...c,
    content,
    contentProblems: contentProblems(content, c.level),
    diagrams: diagramFigures(course, lessons, outcomes, c.featured),
    judged: !demo || Boolean(c.featured),
    seconds: (Date.now() - started) / 1000,
    error,
    schema: course.modulos.length ? outlineSchemaProblems(course) : ['sin esquema'],
    spanish: [...l.spanish, ...ev.spanish],
    structure: l.structure,
    keys: ev.keys,
    positions: ev.positions,
    lessons: lessons.length,
    questions: ev.questions,
    verifier: { calls: m.calls.filter((x) => x.purpose === 'verifier').length, written, kept: ev.questions },
    tokens: { input: m.calls.reduce((n, x) => n + x.input, 0), output: m.calls.reduce((n, x) => n + x.output, 0) },
    costUsd: m.calls.reduce((n, x) => n + costUsd(x.modelId, x.input, x.output, x.cache), 0),
  };
}

async function main() {
  const onBedrock = process.env.MENTORA_EVAL_BEDROCK === '1';
  const local = onBedrock ? undefined : await startLocalBedrock({ latencyMs: 0, faults: '' });
  if (local) Object.assign(process.env, { AWS_ENDPOINT_URL_BEDROCK_RUNTIME: local.url, AWS_REGION: process.env.AWS_REGION || 'us-east-1', AWS_ACCESS_KEY_ID: 'local', AWS_SECRET_ACCESS_KEY: 'local' });
  const model = bedrockStructuredModel(bedrockClient(), modelIdsFromEnv());
  const judge = process.argv.includes('--judge');
  const ids = modelIdsFromEnv();
  if (judge && !judgeOfAnotherFamily(ids.verifier, ids.lesson)) throw new Error(`--judge: the judge (${ids.verifier}) must be of another family than the writer (${ids.lesson})`);
  const mode = onBedrock ? 'Amazon Bedrock' : local?.mode === 'offline' ? 'escritor sin conexión (demostración)' : `modelo en ${local?.mode}`;
  const results: CaseResult[] = [];
  try {
    // One case at a time: a real model's quota is shared with whatever else runs.
    for (const [i, c] of QUALITY_CASES.entries()) {
      const r = await runCase(model, c, i, local?.mode === 'offline', judge);
      results.push(r);
      console.log(`${hasDefect(r) ? '✗' : '✓'} ${c.topic} (${c.level}) ${r.seconds.toFixed(1)} s ${figures(r)}`);
      for (const p of r.judged ? r.contentProblems : testWiseProblems(r.content)) console.log(`    ${p}`);
    }
  } finally {
    await local?.close();
  }
  mkdirSync(OUT, { recursive: true });
  const previous = readHistory(OUT);
  writeFileSync(join(OUT, 'index.md'), markdownReport(results, mode, previous));
  writeFileSync(join(OUT, 'index.html'), htmlReport(results, mode, previous));
  writeHistory(OUT, results);
  const defects = results.filter(hasDefect);
  console.log(`\n${results.length} casos, ${defects.length} con defectos. Informe: ${join(OUT, 'index.md')} y index.html`);
  return defects.length ? 1 : 0;
}

// Exits explicitly: pooled HTTP/2 sessions to the model endpoint would keep the process alive.
main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
