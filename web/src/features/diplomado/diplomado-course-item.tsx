import { Link } from 'react-router-dom';
import type { DiplomadoCourseView } from '../../../../lambdas/contract/diplomado';
import { Button } from '../../components/button';
import { ProgressBar } from '../../components/progress-bar';
import { CourseStateBadge } from './course-state-badge';

interface Props {
  course: DiplomadoCourseView;
  busy: boolean;
  onGenerate: (index: number) => void;
}

/** One course of the programme, in its place: what it teaches, its state and progress, and its action. */
export function DiplomadoCourseItem({ course: c, busy, onGenerate }: Props) {
  const canGenerate = !c.courseId;
  return (
    <li className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm font-semibold text-indigo-700">Curso {c.index + 1}</p>
          <h3 className="text-lg font-bold text-slate-900">{c.titulo}</h3>
        </div>
        <CourseStateBadge estado={c.estado} />
      </div>
      <p className="mt-2 text-slate-700">{c.descripcion}</p>
      <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-slate-700">
        {c.objetivos.map((o) => <li key={o}>{o}</li>)}
      </ul>
      {c.prerrequisitos.length > 0 && <p className="mt-2 text-sm text-slate-600">Requisitos previos: {c.prerrequisitos.join(' · ')}</p>}
      {c.courseId && <ProgressBar className="mt-4" value={c.progreso.porcentaje} label={`Progreso de ${c.titulo}`} showValue />}
      {c.error && <p role="alert" className="mt-3 text-sm text-red-800">{c.error}</p>}
      <div className="mt-4 flex flex-wrap gap-3">
        {c.courseId ? (
          <Link to={`/course/${c.courseId}`} className="rounded-lg bg-indigo-600 px-4 py-2.5 font-semibold text-white hover:bg-indigo-700">
            {c.estado === 'generando' ? 'Ver cómo se crea' : 'Ir al curso'}
          </Link>
        ) : (
          canGenerate && <Button type="button" variant="secondary" busy={busy} onClick={() => onGenerate(c.index)}>{c.error ? 'Reintentar' : 'Generar este curso'}</Button>
        )}
      </div>
    </li>
  );
}
