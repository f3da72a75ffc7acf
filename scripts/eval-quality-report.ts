import type { QualityCase } from './eval-quality-cases';
import { testWiseProblems, type ContentMetrics } from './eval-quality-content';
import { caseKey, type HistoryRun } from './eval-quality-history';
import { judgeMarkdown, type JudgeVerdicts } from './eval-quality-judge';
import { diagramCell, type DiagramFigures } from './eval-quality-diagrams';

// The quality report in two forms: Markdown (for a pull request or the terminal) and a standalone
// HTML page (for a browser). Same table, same figures.

export interface CaseResult extends QualityCase {
  seconds: number;
  error?: string;
  schema: string[];
  spanish: string[];
  structure: string[];
  keys: string[];
  positions: Record<string, number>;
  lessons: number;
  questions: number;
  verifier: { calls: number; written: number; kept: number };
  tokens: { input: number; output: number };
  costUsd: number;
  /** Issue 33: what the lessons and questions teach, and the thresholds they break. */
  content: ContentMetrics;
  contentProblems: string[];
  /** Whether the content thresholds fail the run for this case (featured or real-model content). */
  judged: boolean;
  /** `--judge`: another family's verdicts on its lessons and questions, with reasons. */
  judge?: JudgeVerdicts;
  /** Issue 43: its diagrams as written, repaired, dropped and stored (eval-quality-diagrams.ts). */
  diagrams: DiagramFigures;
}

/** The content thresholds that fail the run for a case: all when judged; the test-wise one on every bank (issue 41 item 7). */
const failingContent = (r: CaseResult) => (r.judged ? r.contentProblems : testWiseProblems(r.content));
/** A case fails the run on a structural defect, or on a content threshold it is judged on. */
export const hasDefect = (r: CaseResult) =>
  Boolean(r.error || r.schema.length || r.spanish.length || r.structure.length || r.keys.length || r.diagrams.defectos.length || failingContent(r).length);

const pctOf = (n: number) => `${Math.round(n * 100)} %`;
/** Each content figure of a case as a cell, with its change since the previous run (trend). */
function contentCells(m: ContentMetrics, before?: ContentMetrics): string[] {
  const delta = (now: number, then: number | undefined, scale = 100, unit = ' pp') =>
    then === undefined || Math.round((now - then) * scale) === 0 ? '' : ` (${now > then ? '+' : ''}${Math.round((now - then) * scale)}${unit})`;
  return [
    `${pctOf(m.redundancia)}${delta(m.redundancia, before?.redundancia)}`,
    `${m.longitud.palabras} pal. (${m.longitud.min}–${m.longitud.max})${delta(m.longitud.palabras, before?.longitud.palabras, 1, ' pal.')}`,
    `${m.legibilidad.min} / ${m.legibilidad.media}${delta(m.legibilidad.media, before?.legibilidad.media, 1, '')}`,
    `${m.tratamiento.pedido === 'tu' ? 'tú' : 'usted'}: ${m.tratamiento.otro} ajenas`,
    `${pctOf(m.terminos)}${delta(m.terminos, before?.terminos)}`,
    `${pctOf(m.objetivos)}${delta(m.objetivos, before?.objetivos)}`,
    `${pctOf(m.testWise.max)} (${m.testWise.regla})${delta(m.testWise.max, before?.testWise.max)}`,
    m.citas.n ? `${pctOf(m.citas.min)} (${m.citas.n})` : '–',
  ];
}
const CONTENT_HEAD = ['Caso', 'Juicio', 'Redundancia', 'Longitud (ratio mín–máx)', 'INFLESZ mín / media', 'Tratamiento', 'Términos clave', 'Objetivos', 'Adivinanza', 'Citas'];
function contentRows(results: CaseResult[], previous?: HistoryRun) {
  return results.map((r) => [
    `${r.topic} (${r.level})`,
    r.judged ? (r.contentProblems.length ? `✗ ${r.contentProblems.length}` : '✓') : `demostración${r.contentProblems.length ? ` (${r.contentProblems.length} umbrales)` : ''}`,
    ...contentCells(r.content, previous?.cases[caseKey(r)]),
  ]);
}
/** The figures in one line, for the terminal. */
export const figures = (r: CaseResult) =>
  `redundancia ${pctOf(r.content.redundancia)}, INFLESZ ${r.content.legibilidad.min}, adivinanza ${pctOf(r.content.testWise.max)} (${r.content.testWise.regla}; ${Object.entries(r.content.testWise.reglas ?? {}).map(([k, v]) => `${k} ${pctOf(v)}`).join(', ')}), términos ${pctOf(r.content.terminos)}, diagramas ${diagramCell(r.diagrams)}${r.judged ? '' : ' [demostración]'}`;

const mark = (problems: string[]) => (problems.length ? `✗ ${problems.length}` : '✓');
const agreement = (v: CaseResult['verifier']) => (v.written ? `${Math.round((v.kept / v.written) * 100)} % (${v.kept}/${v.written}, ${v.calls} llamadas)` : '–');
const positions = (p: Record<string, number>) => Object.entries(p).map(([k, n]) => `${k}:${n}`).join(' ');
const usd = (n: number) => `$${n.toFixed(4)}`;

function rows(results: CaseResult[]) {
  return results.map((r) => [
    `${r.topic} (${r.level}${r.technical ? ', técnico' : ''})`,
    r.error ? `✗ ${r.error}` : mark(r.schema),
    mark(r.spanish),
    mark(r.structure),
    `${mark(r.keys)} ${positions(r.positions)}`,
    agreement(r.verifier),
    diagramCell(r.diagrams),
    `${r.tokens.input} / ${r.tokens.output}`,
    usd(r.costUsd),
    `${r.seconds.toFixed(1)} s`,
  ]);
}
const HEAD = ['Caso', 'Esquema', 'Español', 'Estructura', 'Claves (posiciones)', 'Acuerdo del verificador', 'Diagramas', 'Tokens entrada / salida', 'Coste', 'Tiempo'];

function totals(results: CaseResult[]) {
  const cost = results.reduce((n, r) => n + r.costUsd, 0);
  const input = results.reduce((n, r) => n + r.tokens.input, 0);
  const output = results.reduce((n, r) => n + r.tokens.output, 0);
  const defects = results.filter(hasDefect).length;
  return { cost, input, output, defects };
}

const problemsOf = (r: CaseResult) => [...(r.error ? [r.error] : []), ...r.schema, ...r.spanish, ...r.structure, ...r.keys, ...r.diagrams.defectos, ...failingContent(r)];
const JUDGED_NOTE =
  'Contenido: los umbrales (redundancia ≤ 15 %, longitud 0,8–1,25 × el rango del nivel, INFLESZ mínimo por nivel, un solo tratamiento, ' +
  'términos clave ≥ 50 %, todos los objetivos medidos, ninguna regla de adivinanza > 35 %, citas ≥ 30 % de palabras compartidas) juzgan los cursos destacados ' +
  'y todo curso de un modelo real; el contenido de demostración del escritor sin conexión (plantillas) muestra sus cifras sin juzgarse, salvo la adivinanza, ' +
  'que se juzga en todo banco (el código equilibra todos: lambdas/evaluations/bank-balance.ts). ' +
  'Entre paréntesis, el cambio desde la ejecución anterior.';

export function markdownReport(results: CaseResult[], mode: string, previous?: HistoryRun): string {
  const t = totals(results);
  const lines = [
    '# Calidad de la generación (`npm run eval:quality`)',
    '',
    `Modelo: ${mode}. ${new Date().toISOString()}. ${results.length} casos, ${t.defects} con defectos; ` +
    `${t.input} tokens de entrada y ${t.output} de salida, ${usd(t.cost)} a precios de lista.`,
    '',
    `| ${HEAD.join(' | ')} |`,
    `|${HEAD.map(() => '---').join('|')}|`,
    ...rows(results).map((r) => `| ${r.map((c) => c.replace(/\|/g, '\\|')).join(' | ')} |`),
    '',
    '## Contenido',
    '',
    JUDGED_NOTE,
    '',
    `| ${CONTENT_HEAD.join(' | ')} |`,
    `|${CONTENT_HEAD.map(() => '---').join('|')}|`,
    ...contentRows(results, previous).map((r) => `| ${r.map((c) => c.replace(/\|/g, '\\|')).join(' | ')} |`),
    '',
  ];
  for (const r of results.filter((x) => problemsOf(x).length)) {
    lines.push(`## ${r.topic} (${r.level})`, '', ...problemsOf(r).slice(0, 20).map((p) => `- ${p}`), '');
  }
  lines.push(...judgeMarkdown(results));
  return lines.join('\n');
}

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] as string);

export function htmlReport(results: CaseResult[], mode: string, previous?: HistoryRun): string {
  const t = totals(results);
  const body = rows(results)
    .map((r, i) => `<tr class="${problemsOf(results[i]).length ? 'bad' : ''}">${r.map((c) => `<td>${esc(c)}</td>`).join('')}</tr>`)
    .join('\n');
  const details = results
    .filter((x) => problemsOf(x).length)
    .map((r) => `<h2>${esc(r.topic)} (${esc(r.level)})</h2><ul>${problemsOf(r).slice(0, 20).map((p) => `<li>${esc(p)}</li>`).join('')}</ul>`)
    .join('\n');
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Calidad de la generación</title>
<style>body{font:15px/1.5 system-ui,sans-serif;margin:2rem;color:#0f172a}table{border-collapse:collapse;width:100%}th,td{border:1px solid #cbd5e1;padding:.4rem .6rem;text-align:left;vertical-align:top}th{background:#eef2ff}tr.bad td{background:#fef2f2}caption{text-align:left;margin-bottom:.5rem}</style></head>
<body><h1>Calidad de la generación</h1>
<p>Modelo: ${esc(mode)}. ${new Date().toISOString()}. ${results.length} casos, ${t.defects} con defectos; ${t.input} tokens de entrada y ${t.output} de salida, ${usd(t.cost)} a precios de lista.</p>
<table><caption>Un curso completo por caso (esquema → lecciones → evaluaciones)</caption><thead><tr>${HEAD.map((h) => `<th scope="col">${esc(h)}</th>`).join('')}</tr></thead><tbody>
${body}
</tbody></table>
<h2>Contenido</h2><p>${esc(JUDGED_NOTE)}</p>
<table><thead><tr>${CONTENT_HEAD.map((h) => `<th scope="col">${esc(h)}</th>`).join('')}</tr></thead><tbody>
${contentRows(results, previous).map((r, i) => `<tr class="${results[i].judged && results[i].contentProblems.length ? 'bad' : ''}">${r.map((c) => `<td>${esc(c)}</td>`).join('')}</tr>`).join('\n')}
</tbody></table>
${details}
${results.some((r) => r.judge) ? `<section><pre style="white-space:pre-wrap">${esc(judgeMarkdown(results).join('\n'))}</pre></section>` : ''}
</body></html>
`;
}
