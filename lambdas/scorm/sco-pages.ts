import { escapeHtml } from './escape-html';
import { markdownToHtml } from './markdown-html';
import type { ReviewQuestion } from './review-questions';

// The HTML of a package's SCOs: one page per lesson and one per module evaluation, in Spanish
// (lang="es"), sharing recursos/mentora.css and recursos/scorm12.js (sco-script.ts). Every text from
// the course is escaped; lesson Markdown goes through markdown-html.ts.

export const CSS_PATH = 'recursos/mentora.css';
export const SCRIPT_PATH = 'recursos/scorm12.js';

export const SCO_CSS = `*{box-sizing:border-box}
body{margin:0;font:17px/1.65 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1e293b;background:#f8fafc}
main{max-width:46rem;margin:0 auto;padding:1.5rem 1.25rem 3rem;background:#fff;min-height:100vh}
.contexto{margin:0 0 .25rem;color:#475569;font-size:.9rem}
h1{font-size:1.6rem;line-height:1.25;margin:.25rem 0 1rem;color:#0f172a}
h2,h3{font-size:1.25rem;margin:2rem 0 .75rem;color:#0f172a}
h4,h5,h6{font-size:1.05rem;margin:1.5rem 0 .5rem;color:#0f172a}
a{color:#4338ca}
code{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:.9em;background:#f1f5f9;padding:.1em .35em;border-radius:.25rem}
pre{background:#0f172a;color:#f1f5f9;padding:1rem;border-radius:.75rem;overflow-x:auto;font-size:.85rem;line-height:1.5}
pre code{background:none;padding:0;color:inherit}
blockquote{margin:1rem 0;padding:.5rem 1rem;border-left:4px solid #a5b4fc;background:#eef2ff}
.tabla{overflow-x:auto}
table{border-collapse:collapse;margin:1rem 0;font-size:.95rem}
th,td{border:1px solid #cbd5e1;padding:.4rem .7rem;text-align:left}
th{background:#f1f5f9}
details{margin:1rem 0;padding:.75rem 1rem;border:1px solid #e2e8f0;border-radius:.75rem;background:#f8fafc}
summary{cursor:pointer;font-weight:600}
button{font:inherit;font-weight:600;padding:.7rem 1.2rem;border-radius:.6rem;border:0;background:#4338ca;color:#fff;cursor:pointer;min-height:44px}
button:disabled{background:#94a3b8;cursor:default}
button.secundario{background:#fff;color:#4338ca;border:2px solid #4338ca}
:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
.aviso{padding:.75rem 1rem;border-radius:.75rem;background:#fffbeb;border:1px solid #fcd34d;font-size:.95rem}
.pregunta{border:1px solid #e2e8f0;border-radius:.75rem;padding:1rem;margin:1rem 0}
.pregunta legend{float:left;width:100%;padding:0;margin:0 0 .5rem;font-weight:600}
.pregunta legend+*{clear:both}
.pregunta label{display:block;padding:.35rem 0}
.pregunta.bien{border-color:#16a34a;background:#f0fdf4}
.pregunta.mal{border-color:#dc2626;background:#fef2f2}
.nota{margin:.5rem 0 0;font-weight:600}
.acciones{display:flex;flex-wrap:wrap;gap:.75rem;align-items:center;margin-top:1.5rem}
[role=status]{min-height:1.5em}
figure.diagrama{margin:1.5rem 0;padding:1rem;border:1px solid #e2e8f0;border-radius:.75rem;background:#fff}
figure.diagrama svg{display:block;width:100%;height:auto;margin:0 auto}
figure.diagrama figcaption{margin-top:.75rem;text-align:center;font-size:.9rem;font-weight:600;color:#1e293b}
.diagrama-movil{display:none!important}
@media (max-width:639px){.diagrama-ancho{display:none!important}.diagrama-movil{display:block!important}}
@media print{figure.diagrama{break-inside:avoid}}
.sr{position:absolute;width:1px;height:1px;margin:-1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
`;

interface PageText {
  curso: string;
  modulo: string;
  titulo: string;
}

function page(kind: 'leccion' | 'evaluacion', t: PageText, body: string): string {
  return `<!DOCTYPE html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(t.titulo)} · ${escapeHtml(t.curso)}</title>
<link rel="stylesheet" href="../${CSS_PATH}">
</head>
<body data-sco="${kind}">
<main>
<p class="contexto">${escapeHtml(t.curso)} · ${escapeHtml(t.modulo)}</p>
<h1>${escapeHtml(t.titulo)}</h1>
<p id="estado-lms" role="status"></p>
${body}
</main>
<script src="../${SCRIPT_PATH}"></script>
</body>
</html>
`;
}

export function lessonPage(t: PageText, markdown: string): string {
  return page(
    'leccion',
    t,
    `<article>
${markdownToHtml(markdown)}
</article>
<div id="fin-leccion" class="acciones">
<button type="button" id="terminar">He terminado esta lección</button>
<p id="estado-leccion" role="status"></p>
</div>`,
  );
}

/** The blank is read aloud as words, not as a run of underscores. */
const blank = (html: string) => html.replace(/_{3,}/g, '<span aria-hidden="true">_____</span><span class="sr">(espacio en blanco)</span>');

/** Keys as JSON inside the page (a `</script>` in it could not close the element: `<` is escaped). */
const keysJson = (questions: ReviewQuestion[]) => JSON.stringify(Object.fromEntries(questions.map((q) => [q.id, q.correcta]))).replace(/</g, '\\u003c');

export function evaluationPage(t: PageText, questions: ReviewQuestion[], passMark: number): string {
  const fieldsets = questions
    .map(
      (q, n) => `<fieldset class="pregunta" id="pregunta-${q.id}">
<legend>${n + 1}. Completa la frase de la lección «${escapeHtml(q.leccion)}»: ${blank(escapeHtml(q.frase))}</legend>
${q.opciones.map((o, i) => `<label for="${q.id}-${i}"><input type="radio" id="${q.id}-${i}" name="${q.id}" value="${i}"> ${escapeHtml(o)}</label>`).join('\n')}
<p class="nota" id="nota-${q.id}" aria-live="polite"></p>
</fieldset>`,
    )
    .join('\n');
  return page(
    'evaluacion',
    t,
    `<p class="aviso">Preguntas de repaso: se corrigen en este navegador y no otorgan certificados de Mentora. Para aprobar hace falta un ${passMark} %.</p>
<form id="evaluacion" data-aprobado="${passMark}">
${fieldsets}
<div class="acciones">
<button type="submit">Comprobar respuestas</button>
<button type="button" class="secundario" id="otra-vez" hidden>Intentar de nuevo</button>
</div>
<p id="resultado" role="status" tabindex="-1"></p>
</form>
<script type="application/json" id="claves">${keysJson(questions)}</script>`,
  );
}
