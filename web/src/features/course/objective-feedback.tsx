import { useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { feedbackState, type FeedbackState, type ObjectiveFeedback as Feedback } from '../../../../lambdas/contract/courses';
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

interface Where {
  courseId: string;
  moduleId: string;
}

/** One objective to work on: the ideas behind the wrong options chosen and the lessons to go back to. */
function ToStudy({ o, courseId, moduleId, study }: Where & { o: Feedback; study: string }) {
  return (
    <li>
      <p className="font-medium">{o.enunciado} ({o.correctas} de {o.total})</p>
      {o.conceptosErroneos.length > 0 && (
        <>
          <p className="mt-1 text-sm">Tus respuestas apuntan a estas ideas equivocadas:</p>
          <ul className="mt-1 list-disc pl-6 text-sm">{o.conceptosErroneos.map((c) => <li key={c}>{c}</li>)}</ul>
        </>
      )}
      {o.repasar.length > 0 && (
        <div className="mt-1 text-sm">
          <p>{study}</p>
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
  );
}

/** One group of the result, a region named by its heading. */
function Group({ title, tone, children }: { title: string; tone: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={`mt-3 rounded-xl p-4 ring-1 ${tone}`}>
      <h4 id={id} className="font-semibold">{title}</h4>
      {children}
    </section>
  );
}

interface Props extends Where {
  objetivos: Feedback[];
}

/**
 * Issue 32: what the attempt showed per objective ("Dominas") and not ("Te falta"), the ideas behind
 * the wrong options chosen and where to study them. Issue 41: where one attempt cannot tell, "Aún no
 * está claro": offered practice, never called mastered. A result from before `estado` reads `domina`.
 * Never a key: the server sends none.
 */
export function ObjectiveFeedback({ courseId, moduleId, objetivos }: Props) {
  const of = (s: FeedbackState) => objetivos.filter((o) => feedbackState(o) === s);
  const [shown, missing, unclear] = [of('domina'), of('falta'), of('incierto')];
  return (
    <section aria-labelledby="objetivos-resultado" className="mt-8">
      <h3 id="objetivos-resultado" className="text-lg font-bold text-slate-900">Por objetivos</h3>
      {shown.length > 0 && (
        <Group title="Dominas:" tone="bg-emerald-50 text-emerald-900 ring-emerald-200">
          <ul className="mt-1 list-disc space-y-1 pl-6">
            {shown.map((o) => <li key={o.id}>{o.enunciado} ({o.correctas} de {o.total})</li>)}
          </ul>
        </Group>
      )}
      {missing.length > 0 && (
        <Group title="Te falta:" tone="bg-amber-50 text-amber-950 ring-amber-200">
          <ul className="mt-1 space-y-3">
            {missing.map((o) => <ToStudy key={o.id} o={o} courseId={courseId} moduleId={moduleId} study="Estudia:" />)}
          </ul>
        </Group>
      )}
      {unclear.length > 0 && (
        <Group title="Aún no está claro:" tone="bg-sky-50 text-sky-950 ring-sky-200">
          <p className="mt-1 text-sm">
            Con tus respuestas hasta ahora no podemos saber si ya lo dominas. Practícalo: mientras tanto no lo contamos como dominado.
          </p>
          <ul className="mt-3 space-y-3">
            {unclear.map((o) => <ToStudy key={o.id} o={o} courseId={courseId} moduleId={moduleId} study="Practica con:" />)}
          </ul>
        </Group>
      )}
    </section>
  );
}
