import { Link } from 'react-router-dom';
import type { ObjectiveFeedback as Feedback } from '../../../../lambdas/contract/courses';
import { lessonHref } from '../../lib/course-links';

type Pointer = Feedback['repasar'][number];

/**
 * Where to study, one line per lesson with its sections: a missed objective usually points at several
 * sections of the same lesson, and one link per section repeated the lesson's long title each time.
 */
function byLesson(repasar: Pointer[]) {
  const lessons = new Map<string, { leccion: string; secciones: string[] }>();
  for (const r of repasar) {
    const lesson = lessons.get(r.lessonId) ?? { leccion: r.leccion, secciones: [] };
    if (r.seccion && !lesson.secciones.includes(r.seccion)) lesson.secciones.push(r.seccion);
    lessons.set(r.lessonId, lesson);
  }
  return [...lessons].map(([lessonId, l]) => ({ lessonId, ...l }));
}

const LINK = 'text-indigo-800 underline hover:text-indigo-950';

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
                  <div className="mt-1 text-sm">
                    <p>Estudia:</p>
                    <ul className="mt-1 list-disc space-y-1 pl-6">
                      {byLesson(o.repasar).map((l) => (
                        <li key={l.lessonId}>
                          <Link className={`font-semibold ${LINK}`} to={lessonHref(courseId, { moduleId, lessonId: l.lessonId })}>{l.leccion}</Link>
                          {l.secciones.length > 0 && <>, {l.secciones.length > 1 ? 'secciones' : 'sección'} </>}
                          {l.secciones.map((seccion, i) => (
                            <span key={seccion}>
                              {i > 0 && ' · '}
                              <Link className={LINK} to={lessonHref(courseId, { moduleId, lessonId: l.lessonId, seccion })}>«{seccion}»</Link>
                            </span>
                          ))}
                        </li>
                      ))}
                    </ul>
                  </div>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
