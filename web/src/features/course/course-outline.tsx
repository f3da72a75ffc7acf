import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { CourseDetail, LessonView } from '../../../../lambdas/contract/courses';
import { ProgressBar } from '../../components/progress-bar';
import { Spinner } from '../../components/spinner';
import { evaluationHref, lessonHref } from '../../lib/course-links';

export type Selection = { kind: 'lesson'; moduleId: string; lessonId: string } | { kind: 'evaluation'; moduleId: string } | { kind: 'none' };

/** A lesson's state at a glance; its words are lessonStatus (also the course map's, course-map.tsx). */
export function LessonIcon({ lesson }: { lesson: LessonView }) {
  if (lesson.estado === 'pendiente') return <Spinner size="sm" color="gray" />;
  if (lesson.estado === 'error') return <span aria-hidden="true" className="h-4 w-4 shrink-0 text-center text-xs font-bold leading-4 text-red-700">!</span>;
  if (lesson.progreso === 'completado')
    return (
      <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4 shrink-0 text-emerald-600">
        <path fill="currentColor" d="M10 1a9 9 0 1 0 0 18 9 9 0 0 0 0-18zm-1.2 12.6L4.9 9.7l1.4-1.4 2.5 2.5 4.9-4.9 1.4 1.4-6.3 6.3z" />
      </svg>
    );
  return <span aria-hidden="true" className={`h-4 w-4 shrink-0 rounded-full border-2 ${lesson.progreso === 'en_curso' ? 'border-indigo-600 bg-indigo-200' : 'border-slate-300'}`} />;
}

const STATUS: Record<string, string> = { completado: 'completada', en_curso: 'en curso', pendiente: 'sin empezar' };
export const lessonStatus = (l: LessonView) => (l.estado === 'pendiente' ? 'generándose' : l.estado === 'error' ? 'con error' : STATUS[l.progreso]);

/** Modules and lessons: a sidebar on desktop, a collapsible panel on phones. */
export function CourseOutline({ course, selected, onNavigate, action }: { course: CourseDetail; selected: Selection; onNavigate?: () => void; action?: ReactNode }) {
  // Issue 42: while the outline is still being written its modules appear one by one; on a phone the panel starts open so they are seen.
  const [open, setOpen] = useState(Boolean(course.temarioParcial));
  const asked = course.temario?.modulos;
  const item = (active: boolean) =>
    `flex w-full items-center gap-2 rounded-lg px-2 py-2 text-left text-sm ${active ? 'bg-indigo-50 font-semibold text-indigo-900' : 'text-slate-700 hover:bg-slate-50'}`;
  const navigated = () => {
    setOpen(false);
    onNavigate?.();
  };
  return (
    <nav aria-label="Contenido del curso" className="rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 lg:min-h-0 lg:overflow-y-auto">
      {/* `action` (the course page's "Ver como mapa") shares the phone's folded row, so the lesson keeps its place. */}
      <div className={`flex items-center gap-1 pr-2 ${action ? 'lg:px-3 lg:pt-3' : 'lg:hidden'}`}>
        <button
          type="button"
          aria-expanded={open}
          aria-controls="temario"
          onClick={() => setOpen((o) => !o)}
          className="flex min-w-0 flex-1 items-center justify-between rounded-2xl px-4 py-3 font-semibold text-slate-900 lg:hidden"
        >
          Contenido del curso
          <span aria-hidden="true" className={`transition-transform ${open ? 'rotate-180' : ''}`}>▾</span>
        </button>
        {action}
      </div>
      <div id="temario" className={`${open ? 'block' : 'hidden'} border-t border-slate-100 p-3 lg:block lg:border-0`}>
        {course.modulos.length === 0 && <p className="p-2 text-sm text-slate-600">Estamos diseñando el temario…</p>}
        <ol className="space-y-4">
          {course.modulos.map((m, i) => (
            <li key={m.moduleId}>
              <p className="px-2 text-xs font-semibold uppercase tracking-wide text-slate-600">Módulo {i + 1}</p>
              <p className="px-2 font-semibold text-slate-900">{m.titulo}</p>
              <ProgressBar className="px-2 pt-1" size="sm" value={m.progreso.porcentaje} label={`Progreso del módulo ${i + 1}`} valueText={`${m.progreso.porcentaje} %: ${m.progreso.completadas} de ${m.progreso.total} lecciones`} />
              <ul className="mt-1">
                {m.lecciones.map((l) => {
                  const active = selected.kind === 'lesson' && selected.moduleId === m.moduleId && selected.lessonId === l.lessonId;
                  return (
                    <li key={l.lessonId}>
                      <Link to={lessonHref(course.courseId, { moduleId: m.moduleId, lessonId: l.lessonId })} aria-current={active ? 'page' : undefined} className={item(active)} onClick={navigated}>
                        <LessonIcon lesson={l} />
                        <span className="min-w-0 flex-1">{l.titulo}</span>
                        <span className="sr-only">({lessonStatus(l)})</span>
                      </Link>
                    </li>
                  );
                })}
                <li>
                  <Link
                    to={evaluationHref(course.courseId, m.moduleId)}
                    aria-current={selected.kind === 'evaluation' && selected.moduleId === m.moduleId ? 'page' : undefined}
                    className={item(selected.kind === 'evaluation' && selected.moduleId === m.moduleId)}
                    onClick={navigated}
                  >
                    <span aria-hidden="true" className="w-4 shrink-0 text-center">✎</span>
                    <span className="flex-1">Evaluación del módulo</span>
                    {m.evaluacion.aprobada && <span className="rounded-full bg-emerald-100 px-2 text-xs font-semibold text-emerald-900">Aprobada</span>}
                  </Link>
                </li>
              </ul>
            </li>
          ))}
        </ol>
        {course.temarioParcial && (
          <p role="status" className="mt-3 flex items-center gap-2 px-2 text-sm text-slate-700">
            <Spinner size="sm" color="gray" />
            {`Escribiendo el módulo ${course.modulos.length + 1}${asked ? ` de ${asked}` : ''} del temario…`}
          </p>
        )}
      </div>
    </nav>
  );
}
