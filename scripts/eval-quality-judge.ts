import * as z from 'zod';
import type { CourseItem, EvaluationItem, LessonItem } from '../lambdas/course-model/course-items';
import { costUsd, familyOf } from '../lambdas/shared/ai/model-table';
import { TUTOR_SYSTEM } from '../lambdas/shared/ai/prompts/shared';
import type { PromptSpec } from '../lambdas/shared/ai/prompts';
import type { StructuredModel } from '../lambdas/shared/ai/structured-output';

// `eval:quality --judge` (issue 33 item 2): a model of ANOTHER family than the writer rates each
// lesson's accuracy, level fit and clarity and each question's correctness and the plausibility of
// its distractors, with a reason each. It runs on the verifier's route (model-table.ts ROUTES: Claude
// Haiku 4.5 against the Nova writer), one call per module. On the offline writer the judge is the
// offline judge (infra/local/offline-judge.ts), so this path runs in CI; its ratings say what it
// cannot judge. The judge's cost is reported apart from the course's.

const score = () => z.number().int().min(1).max(5);
export const judgeOutput = z.object({
  lecciones: z.array(z.object({ indice: z.number().int().min(0), exactitud: score(), adecuacionNivel: score(), claridad: score(), motivo: z.string().trim().min(1).max(400) }).strict()).max(12),
  preguntas: z.array(z.object({ indice: z.number().int().min(0), correcta: z.boolean(), plausibilidadDistractores: score(), motivo: z.string().trim().min(1).max(400) }).strict()).max(20),
}).strict();

export const judgePrompt: PromptSpec<typeof judgeOutput> = {
  purpose: 'verifier',
  version: 'juez-v1',
  tool: 'juzgar_contenido',
  toolDescription: 'Registra tu juicio, con motivos, sobre cada lección y cada pregunta de un módulo.',
  system: TUTOR_SYSTEM,
  maxTokens: 4000,
  schema: judgeOutput,
  instructions: () =>
    'Eres un revisor experto e independiente. Juzga cada lección de "lecciones" (numeradas desde 0 en "indice") del 1 al 5 en ' +
    '"exactitud" (¿es cierto lo que enseña?), "adecuacionNivel" (¿sirve al nivel indicado en "nivel"?) y "claridad". Juzga cada ' +
    'pregunta de "preguntas": "correcta" es verdadero solo si la opción marcada en "correcta" es la única respuesta correcta, y ' +
    '"plausibilidadDistractores" (1 a 5) dice si las opciones incorrectas tentarían a quien no domina el tema. En "motivo", una ' +
    'o dos frases en español que justifiquen cada juicio.',
};

/** Questions judged per module: a sample, so one call fits the judge's answer. */
const QUESTIONS_PER_MODULE = 10;
const LESSON_CHARS = 6000;

export interface JudgeVerdicts {
  modelId: string;
  lecciones: { titulo: string; exactitud: number; adecuacionNivel: number; claridad: number; motivo: string }[];
  preguntas: { enunciado: string; correcta: boolean; plausibilidadDistractores: number; motivo: string }[];
  costUsd: number;
}

export async function judgeCourse(model: StructuredModel, course: CourseItem, lessons: LessonItem[], evaluations: EvaluationItem[]): Promise<JudgeVerdicts> {
  const out: JudgeVerdicts = { modelId: '', lecciones: [], preguntas: [], costUsd: 0 };
  for (const m of course.modulos) {
    const ls = m.lecciones.map((l) => ({ titulo: l.titulo, contenido: (lessons.find((x) => x.moduleId === m.moduleId && x.lessonId === l.lessonId)?.contenido ?? '').slice(0, LESSON_CHARS) }));
    const qs = (evaluations.find((e) => e.moduleId === m.moduleId)?.preguntas ?? []).slice(0, QUESTIONS_PER_MODULE).map((q) => ({ enunciado: q.enunciado, opciones: q.opciones, correcta: q.correcta }));
    const r = await model(judgePrompt, { tema: course.topic, nivel: course.nivel, modulo: m.titulo, lecciones: ls, preguntas: qs });
    out.modelId = r.modelId;
    out.costUsd += costUsd(r.modelId, r.usage.inputTokens, r.usage.outputTokens);
    for (const v of r.value.lecciones) if (ls[v.indice]) out.lecciones.push({ titulo: ls[v.indice].titulo, exactitud: v.exactitud, adecuacionNivel: v.adecuacionNivel, claridad: v.claridad, motivo: v.motivo });
    for (const v of r.value.preguntas) if (qs[v.indice]) out.preguntas.push({ enunciado: qs[v.indice].enunciado, correcta: v.correcta, plausibilidadDistractores: v.plausibilidadDistractores, motivo: v.motivo });
  }
  return out;
}

/** The judge must not be of the writer's family: its agreement would prove little. */
export const judgeOfAnotherFamily = (judgeModel: string, writerModel: string) => familyOf(judgeModel) !== undefined && familyOf(judgeModel) !== familyOf(writerModel);

const mean = (xs: number[]) => (xs.length ? Math.round((xs.reduce((a, b) => a + b, 0) / xs.length) * 10) / 10 : 0);

/** The verdicts in the report: averages per case, then every verdict with its reason. */
export function judgeMarkdown(cases: { topic: string; level: string; judge?: JudgeVerdicts }[]): string[] {
  const judged = cases.filter((c) => c.judge);
  if (!judged.length) return [];
  const lines = ['## Juez (`--judge`)', '', '| Caso | Juez | Exactitud | Nivel | Claridad | Preguntas correctas | Distractores | Coste del juez |', '|---|---|---|---|---|---|---|---|'];
  for (const c of judged) {
    const j = c.judge!;
    lines.push(
      `| ${c.topic} (${c.level}) | ${j.modelId} | ${mean(j.lecciones.map((l) => l.exactitud))} | ${mean(j.lecciones.map((l) => l.adecuacionNivel))} | ${mean(j.lecciones.map((l) => l.claridad))} | ` +
      `${j.preguntas.filter((q) => q.correcta).length}/${j.preguntas.length} | ${mean(j.preguntas.map((q) => q.plausibilidadDistractores))} | $${j.costUsd.toFixed(4)} |`,
    );
  }
  for (const c of judged) {
    lines.push('', `### ${c.topic} (${c.level})`, '');
    for (const l of c.judge!.lecciones) lines.push(`- Lección «${l.titulo}»: exactitud ${l.exactitud}, nivel ${l.adecuacionNivel}, claridad ${l.claridad}. ${l.motivo}`);
    for (const q of c.judge!.preguntas) lines.push(`- Pregunta «${q.enunciado.slice(0, 90)}»: ${q.correcta ? 'correcta' : 'INCORRECTA'}, distractores ${q.plausibilidadDistractores}. ${q.motivo}`);
  }
  return [...lines, ''];
}
