import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { CourseDetail } from '../../../../lambdas/contract/courses';
import { MASTERY_STATE_LABEL, type MasteryObjective, type MasteryState } from '../../../../lambdas/contract/mastery';
import { masteryApi, nextStepLink } from './mastery-api';
import { lessonHref } from '../../lib/course-links';
import { FadedBadge } from './faded-badge';

// Issue 32 item 3: the "Mapa de dominio", below the lesson. Each objective says its state in words
// (and an icon), never by colour alone; the estimate shows only once there is evidence.

const STYLE: Record<MasteryState, { row: string; badge: string; icon: string }> = {
  dominado: { row: 'border-emerald-500 bg-emerald-50', badge: 'bg-emerald-100 text-emerald-900', icon: '✓' },
  en_progreso: { row: 'border-amber-500 bg-amber-50', badge: 'bg-amber-100 text-amber-950', icon: '◐' },
  por_empezar: { row: 'border-slate-300 bg-white', badge: 'bg-slate-100 text-slate-700', icon: '○' },
  // Issue 41 item 4: mastered once, faded since. Its own word and icon, and a way back to its lesson.
  por_repasar: { row: 'border-sky-600 bg-sky-50', badge: 'bg-sky-100 text-sky-950', icon: '↻' },
};

const percent = (x: number) => Math.round(x * 100);
const faded = (m: { objetivos: MasteryObjective[] }) => m.objetivos.filter((o) => o.estado === 'por_repasar').length;

/** A state as the learner reads it: its icon and its word, never colour alone (also the course map's, course-map.tsx). */
export function MasteryBadge({ estado }: { estado: MasteryState }) {
  const s = STYLE[estado];
  return (
    <span className={`inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ${s.badge}`}>
      <span aria-hidden="true">{s.icon}</span>
      {MASTERY_STATE_LABEL[estado]}
    </span>
  );
}

function Objective({ o, courseId, moduleId }: { o: MasteryObjective; courseId: string; moduleId: string }) {
  const s = STYLE[o.estado];
  return (
    <li className={`rounded-lg border-l-4 p-3 ${s.row}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="min-w-0 flex-1 text-sm text-slate-900">{o.enunciado}</p>
        <MasteryBadge estado={o.estado} />
      </div>
      {o.evidencias > 0 && (
        <p className="mt-1 text-xs text-slate-700">
          Dominio estimado: {percent(o.estimacion)} % (± {percent(o.incertidumbre)}) · {o.evidencias} {o.evidencias === 1 ? 'respuesta' : 'respuestas'}
        </p>
      )}
      {o.estado === 'por_repasar' && (
        <p className="mt-2 text-sm text-sky-950">
          Lo dominabas, pero ha pasado tiempo.{' '}
          {o.leccion ? (
            <Link to={lessonHref(courseId, { moduleId, lessonId: o.leccion.lessonId })} className="font-semibold underline underline-offset-2 hover:text-sky-800">
              Vuelve a la lección «{o.leccion.titulo}»
            </Link>
          ) : (
            'Vuelve a las lecciones de este módulo.'
          )}
        </p>
      )}
    </li>
  );
}

/** Changes when an answer may have moved the estimates: lessons completed, attempts made. */
const answersStamp = (course: CourseDetail) =>
  course.modulos.reduce((n, m) => n + m.progreso.completadas + m.evaluacion.intentos.length, 0);

/** The learner's mastery of a written course: one query the Mapa de dominio and the course map share. */
export function useCourseMastery(course: CourseDetail) {
  return useQuery({
    queryKey: ['courses', 'mastery', course.courseId, answersStamp(course)],
    queryFn: () => masteryApi.course(course.courseId),
    staleTime: 0,
    enabled: course.estado === 'listo',
  });
}

export function MasteryMap({ course }: { course: CourseDetail }) {
  const { data } = useCourseMastery(course);
  if (!data || !data.modulos.length) return null;
  const link = nextStepLink(data.siguiente);
  return (
    <section aria-labelledby="mapa-dominio" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h2 id="mapa-dominio" className="text-lg font-bold text-slate-900">Mapa de dominio</h2>
      <p className="mt-1 text-sm text-slate-700">Lo que ya dominas de este curso, objetivo por objetivo, según tus respuestas.</p>
      <div className="mt-4 rounded-xl bg-indigo-50 p-4 ring-1 ring-indigo-200">
        <p className="flex flex-wrap items-center gap-2 font-semibold text-indigo-950">Tu siguiente paso {data.siguiente.estado === 'por_repasar' && <FadedBadge />}</p>
        <p className="mt-1 text-sm text-indigo-950">{data.siguiente.texto}</p>
        <Link to={link.to} className="mt-3 inline-flex rounded-lg bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-700">{link.label}</Link>
      </div>
      <ol className="mt-5 space-y-5">
        {data.modulos.map((m, i) => (
          <li key={m.moduleId}>
            <h3 className="font-semibold text-slate-900">Módulo {i + 1}: {m.titulo}</h3>
            <p className="text-xs text-slate-600">
              {m.dominados} de {m.objetivos.length} {m.objetivos.length === 1 ? 'objetivo dominado' : 'objetivos dominados'}
              {faded(m) > 0 && ` · ${faded(m)} por repasar`}
            </p>
            <ul className="mt-2 space-y-2">
              {m.objetivos.map((o) => <Objective key={o.id} o={o} courseId={data.courseId} moduleId={m.moduleId} />)}
            </ul>
          </li>
        ))}
      </ol>
    </section>
  );
}
