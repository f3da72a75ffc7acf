import { Link } from 'react-router-dom';
import type { ModuleView } from '../../../../lambdas/contract/courses';
import { learnerLocale } from '../../lib/locale';
import { lessonHref } from '../../lib/course-links';

/**
 * No attempts left today (issue 34 item 3): when the next one opens and what to do meanwhile, with no
 * question on screen that could be answered and not sent.
 */
export function EvaluationLocked({ courseId, module, opensAt }: { courseId: string; module: ModuleView; opensAt?: string }) {
  const when = opensAt ? new Date(opensAt).toLocaleString(learnerLocale(), { dateStyle: 'long', timeStyle: 'short' }) : undefined;
  return (
    <div role="status" className="mt-6 rounded-xl bg-amber-50 p-5 text-amber-950 ring-1 ring-amber-200">
      <p className="font-semibold">Has usado los intentos de hoy para este módulo.</p>
      <p className="mt-1">{when ? `Tu próximo intento se abre el ${when}.` : 'Podrás intentarlo de nuevo mañana.'} Te daremos otras preguntas.</p>
      {module.lecciones.length > 0 && (
        <>
          <p className="mt-3 text-sm">Mientras tanto, repasa las lecciones del módulo:</p>
          <ul className="mt-1 list-disc space-y-1 pl-6 text-sm">
            {module.lecciones.map((l) => (
              <li key={l.lessonId}>
                <Link className="font-semibold text-indigo-800 underline hover:text-indigo-950" to={lessonHref(courseId, { moduleId: module.moduleId, lessonId: l.lessonId })}>{l.titulo}</Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
