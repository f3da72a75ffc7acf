import { Link } from 'react-router-dom';
import type { SharedCourse } from '../../../../lambdas/contract/sharing';

export type SharedSelection = { moduleId: string; lessonId: string };

/** `/compartido/<id>?modulo=m01&leccion=l01`: a lesson of the shared course, linkable. */
export const sharedLessonHref = (shareId: string, at: SharedSelection) => `/compartido/${encodeURIComponent(shareId)}?${new URLSearchParams({ modulo: at.moduleId, leccion: at.lessonId })}`;

/** The shared course's modules and lessons, each lesson a link that opens it on the page. */
export function SharedOutline({ course, selected }: { course: SharedCourse; selected?: SharedSelection }) {
  return (
    <nav aria-label="Contenido del curso" className="rounded-2xl bg-white p-3 shadow-sm ring-1 ring-slate-200 lg:sticky lg:top-20">
      <ol className="space-y-4">
        {course.modulos.map((m, i) => (
          <li key={m.moduleId}>
            <p className="px-2 text-xs font-semibold uppercase tracking-wide text-slate-600">Módulo {i + 1}</p>
            <p className="px-2 font-semibold text-slate-900">{m.titulo}</p>
            <ol className="mt-1 space-y-0.5">
              {m.lecciones.map((l) => {
                const active = selected?.moduleId === m.moduleId && selected.lessonId === l.lessonId;
                return (
                  <li key={l.lessonId}>
                    <Link
                      to={sharedLessonHref(course.shareId, { moduleId: m.moduleId, lessonId: l.lessonId })}
                      aria-current={active ? 'page' : undefined}
                      className={`block rounded-lg px-2 py-2 text-sm ${active ? 'bg-indigo-50 font-semibold text-indigo-900' : 'text-slate-700 hover:bg-slate-50'}`}
                    >
                      {l.titulo}
                    </Link>
                  </li>
                );
              })}
            </ol>
          </li>
        ))}
      </ol>
    </nav>
  );
}
