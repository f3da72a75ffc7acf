import { useState } from 'react';
import type { CourseDetail } from '../../../../lambdas/contract/courses';
import { BLOOM_LABEL } from '../../../../lambdas/contract/objectives';
import { Button } from '../../components/button';
import { errorMessage } from '../../lib/error-message';
import { notify } from '../../lib/notify';
import { outlineApi } from './outline-api';

// The outline review (issue 15): while the course is `revisando_temario` the learner renames,
// reorders, adds and removes modules and lessons, then confirms; the lessons are written from it.
// The limits are COURSE_SHAPE's (lambdas/contract/courses.ts, kept out of this chunk with zod),
// narrowed to the size the course was asked with (`course.temario`); the server checks both again.
const SHAPE = { minModules: 2, maxModules: 8, minLessons: 2, maxLessons: 6 };
/** "2–8", or "2" when there is no choice (it read "módulos (2–2)"). */
const range = (min: number, max: number) => (min === max ? `${min}` : `${min}–${max}`);
// Titles are one line, but shown whole: a one-line input cut long lesson titles at 390 px (issue 34), so
// they are textareas that grow with their text (field-sizing) and never take a line break.
const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ');
const noEnter = (e: React.KeyboardEvent) => {
  if (e.key === 'Enter') e.preventDefault();
};

interface DraftLesson { key: string; lessonId?: string; titulo: string; objetivos?: string[] }
interface DraftModule { key: string; moduleId?: string; titulo: string; lecciones: DraftLesson[] }

let counter = 0;
const newKey = () => `nuevo-${++counter}`;
function move<T>(list: T[], from: number, to: number) {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}

function IconButton({ label, onClick, disabled, children }: { label: string; onClick: () => void; disabled?: boolean; children: string }) {
  return (
    <button type="button" aria-label={label} title={label} disabled={disabled} onClick={onClick}
      className="inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-lg border border-slate-300 bg-white text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-40">
      <span aria-hidden="true">{children}</span>
    </button>
  );
}

export function OutlineEditor({ course, onConfirmed }: { course: CourseDetail; onConfirmed: () => void }) {
  const [modules, setModules] = useState<DraftModule[]>(() =>
    course.modulos.map((m) => ({ key: m.moduleId, moduleId: m.moduleId, titulo: m.titulo, lecciones: m.lecciones.map((l) => ({ key: `${m.moduleId}/${l.lessonId}`, lessonId: l.lessonId, titulo: l.titulo, objetivos: l.objetivos })) })),
  );
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string>();
  // Never larger than the course was asked with (issue 20): the server refuses more with a 400.
  const maxModules = Math.min(SHAPE.maxModules, course.temario?.modulos ?? SHAPE.maxModules);
  const maxLessons = Math.min(SHAPE.maxLessons, course.temario?.leccionesPorModulo ?? SHAPE.maxLessons);

  const setModule = (i: number, change: (m: DraftModule) => DraftModule) => setModules((all) => all.map((m, j) => (j === i ? change(m) : m)));
  const setLessons = (i: number, change: (l: DraftLesson[]) => DraftLesson[]) => setModule(i, (m) => ({ ...m, lecciones: change(m.lecciones) }));
  const short = modules.some((m) => m.titulo.trim().length < 3 || m.lecciones.some((l) => l.titulo.trim().length < 3));

  async function confirm() {
    if (short) return setProblem('Cada módulo y cada lección necesita un título de al menos 3 caracteres.');
    setProblem(undefined);
    setSaving(true);
    try {
      await outlineApi.confirm(course.courseId, {
        modulos: modules.map((m) => ({ ...(m.moduleId && { moduleId: m.moduleId }), titulo: m.titulo.trim(), lecciones: m.lecciones.map((l) => ({ ...(l.lessonId && { lessonId: l.lessonId }), titulo: l.titulo.trim() })) })),
      });
      notify.success('Temario confirmado: estamos escribiendo tus lecciones');
      onConfirmed();
    } catch (err) {
      setProblem(errorMessage(err, 'No se pudo guardar el temario'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <section aria-labelledby="temario-titulo" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-8">
      <h2 id="temario-titulo" className="text-xl font-bold text-slate-900">Revisa el temario antes de generar</h2>
      <p className="mt-1 text-slate-700">
        Cambia los títulos, el orden, o añade y quita módulos ({range(SHAPE.minModules, maxModules)}) y lecciones ({range(SHAPE.minLessons, maxLessons)} por módulo), sin pasar del tamaño que pediste.
        Escribiremos las lecciones cuando confirmes; si no lo haces en 24 horas, seguiremos con este temario.
      </p>
      <ol className="mt-6 space-y-5">
        {modules.map((m, i) => (
          <li key={m.key} className="rounded-xl border border-slate-200 bg-slate-50 p-3 sm:p-4">
            <div className="flex flex-wrap items-center gap-2">
              <span className="text-sm font-semibold text-slate-600">Módulo {i + 1}</span>
              <div className="ml-auto flex gap-1">
                <IconButton label={`Subir el módulo ${i + 1}`} disabled={i === 0} onClick={() => setModules((all) => move(all, i, i - 1))}>↑</IconButton>
                <IconButton label={`Bajar el módulo ${i + 1}`} disabled={i === modules.length - 1} onClick={() => setModules((all) => move(all, i, i + 1))}>↓</IconButton>
                <IconButton label={`Quitar el módulo ${i + 1}`} disabled={modules.length <= SHAPE.minModules} onClick={() => setModules((all) => all.filter((_, j) => j !== i))}>✕</IconButton>
              </div>
            </div>
            {/* aria-label, not a wrapping <label>: Chromium names a label by its content, a textarea's text included. */}
            <div className="mt-2">
              <textarea aria-label={`Título del módulo ${i + 1}`} value={m.titulo} maxLength={160} rows={1} onKeyDown={noEnter} onChange={(e) => setModule(i, (x) => ({ ...x, titulo: oneLine(e.target.value) }))}
                className="block w-full resize-none rounded-lg border border-slate-300 px-3 py-2 font-semibold text-slate-900 [field-sizing:content] focus:border-indigo-600" />
            </div>
            {(() => {
              // Issue 32: the module's objectives, read only; the server keeps every lesson's consistent with the edit.
              const objetivos = course.modulos.find((x) => x.moduleId === m.moduleId)?.objetivos ?? [];
              return objetivos.length ? (
                <div className="mt-2 text-sm text-slate-700">
                  <p className="font-medium">Objetivos del módulo</p>
                  <ul className="mt-1 space-y-0.5 pl-1">
                    {objetivos.map((o) => <li key={o.id}><span className="font-mono text-xs text-slate-600">{o.id}</span> {o.enunciado} <span className="text-slate-600">({BLOOM_LABEL[o.bloom]})</span></li>)}
                  </ul>
                  <p className="mt-1 text-xs text-slate-600">Si quitas una lección, sus objetivos pasan a las lecciones nuevas o salen del módulo.</p>
                </div>
              ) : null;
            })()}
            <ol className="mt-3 space-y-2 sm:pl-4">
              {m.lecciones.map((l, j) => (
                <li key={l.key} className="flex flex-wrap items-center gap-1.5 sm:flex-nowrap">
                  <span className="w-6 shrink-0 text-right text-sm text-slate-500">{j + 1}.</span>
                  {l.objetivos?.length ? <span className="shrink-0 font-mono text-xs text-slate-600" title="Objetivos que enseña">{l.objetivos.join(', ')}</span> : null}
                  <div className="min-w-0 flex-1 basis-[calc(100%-2rem)] sm:basis-0">
                    <textarea aria-label={`Título de la lección ${j + 1} del módulo ${i + 1}`} value={l.titulo} maxLength={160} rows={1} onKeyDown={noEnter} onChange={(e) => setLessons(i, (ls) => ls.map((x, k) => (k === j ? { ...x, titulo: oneLine(e.target.value) } : x)))}
                      className="block w-full resize-none rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 [field-sizing:content] focus:border-indigo-600" />
                  </div>
                  <div className="ml-auto flex gap-1.5 sm:ml-0">
                    <IconButton label={`Subir la lección ${j + 1} del módulo ${i + 1}`} disabled={j === 0} onClick={() => setLessons(i, (ls) => move(ls, j, j - 1))}>↑</IconButton>
                    <IconButton label={`Bajar la lección ${j + 1} del módulo ${i + 1}`} disabled={j === m.lecciones.length - 1} onClick={() => setLessons(i, (ls) => move(ls, j, j + 1))}>↓</IconButton>
                    <IconButton label={`Quitar la lección ${j + 1} del módulo ${i + 1}`} disabled={m.lecciones.length <= SHAPE.minLessons} onClick={() => setLessons(i, (ls) => ls.filter((_, k) => k !== j))}>✕</IconButton>
                  </div>
                </li>
              ))}
            </ol>
            <button type="button" disabled={m.lecciones.length >= maxLessons} onClick={() => setLessons(i, (ls) => [...ls, { key: newKey(), titulo: 'Nueva lección' }])}
              className="mt-3 rounded-lg px-3 py-1.5 text-sm font-semibold text-indigo-700 hover:bg-indigo-50 disabled:cursor-not-allowed disabled:text-slate-400 sm:ml-4">
              + Añadir lección
            </button>
          </li>
        ))}
      </ol>
      <div className="mt-6 flex flex-wrap items-center gap-3">
        <Button type="button" variant="secondary" disabled={modules.length >= maxModules}
          onClick={() => setModules((all) => [...all, { key: newKey(), titulo: 'Nuevo módulo', lecciones: [{ key: newKey(), titulo: 'Primera lección' }, { key: newKey(), titulo: 'Segunda lección' }] }])}>
          + Añadir módulo
        </Button>
        <Button type="button" busy={saving} onClick={() => void confirm()} className="sm:ml-auto">Confirmar temario</Button>
      </div>
      {problem && <p role="alert" className="mt-3 text-sm text-red-700">{problem}</p>}
    </section>
  );
}
