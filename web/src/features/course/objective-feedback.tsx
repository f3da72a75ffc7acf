import { Link } from 'react-router-dom';
import type { ObjectiveFeedback as Feedback } from '../../../../lambdas/contract/courses';
import { lessonHref } from './links';

interface Props {
  courseId: string;
  moduleId: string;
  objetivos: Feedback[];
}

/**
 * Issue 32: what the attempt showed per objective ("Dominas") and not ("Te falta"), the ideas behind
 * the wrong options chosen and where to study them. Never a key: the server sends none.
 */
export function ObjectiveFeedback({ courseId, moduleId, objetivos }: Props) {
  const shown = objetivos.filter((o) => o.domina);
  const missing = objetivos.filter((o) => !o.domina);
  return (
    <section aria-labelledby="objetivos-resultado" className="mt-8">
      <h3 id="objetivos-resultado" className="text-lg font-bold text-slate-900">Por objetivos</h3>
      {shown.length > 0 && (
        <div className="mt-3 rounded-xl bg-emerald-50 p-4 text-emerald-900 ring-1 ring-emerald-200">
          <p className="font-semibold">Dominas:</p>
          <ul className="mt-1 list-disc space-y-1 pl-6">
            {shown.map((o) => <li key={o.id}>{o.enunciado} ({o.correctas} de {o.total})</li>)}
          </ul>
        </div>
      )}
      {missing.length > 0 && (
        <div className="mt-3 rounded-xl bg-amber-50 p-4 text-amber-950 ring-1 ring-amber-200">
          <p className="font-semibold">Te falta:</p>
          <ul className="mt-1 space-y-3">
            {missing.map((o) => (
              <li key={o.id}>
                <p className="font-medium">{o.enunciado} ({o.correctas} de {o.total})</p>
                {o.conceptosErroneos.length > 0 && (
                  <>
                    <p className="mt-1 text-sm">Tus respuestas apuntan a estas ideas equivocadas:</p>
                    <ul className="mt-1 list-disc pl-6 text-sm">{o.conceptosErroneos.map((c) => <li key={c}>{c}</li>)}</ul>
                  </>
                )}
                {o.repasar.length > 0 && (
                  <p className="mt-1 text-sm">
                    Estudia:{' '}
                    {o.repasar.map((r, i) => (
                      <span key={`${r.lessonId}-${r.seccion ?? ''}`}>
                        {i > 0 && ' · '}
                        <Link className="font-semibold text-indigo-800 underline hover:text-indigo-950" to={lessonHref(courseId, { moduleId, lessonId: r.lessonId, seccion: r.seccion })}>
                          {r.leccion}
                        </Link>
                        {r.seccion && <>, sección «{r.seccion}»</>}
                      </span>
                    ))}
                  </p>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
