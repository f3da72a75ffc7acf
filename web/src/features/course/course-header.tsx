import type { ReactNode } from 'react';
import type { CourseDetail, JobView } from '../../../../lambdas/contract/courses';
import { Button } from '../../components/button';
import { AllowanceNote } from '../plans';
import { ProgressBar } from '../../components/progress-bar';
import { StateBadge } from './course-badges';
import { DemoBanner } from './demo-banner';
import { GenerationProgress } from './generation-progress';

/**
 * Title, state, the course's progress (server-derived) and, while it is written, the job's. Kept
 * short (issue 34): the lesson below must show without scrolling at 1280 and at 390 px, so the
 * description is cut to two lines on phones and the course's actions sit in `actions` (a menu).
 */
export function CourseHeader({ course, job, lost, onRetry, finished = false, actions }: {
  course: CourseDetail; job?: JobView; lost?: string; onRetry: () => void; finished?: boolean; actions?: ReactNode;
}) {
  const { progreso } = course;
  return (
    <header className="space-y-2">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0 flex-1 space-y-1">
          <StateBadge course={course} finished={finished} />
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{course.titulo}</h1>
        </div>
        {actions}
      </div>
      {course.descripcion && <p className="max-w-3xl text-slate-700 max-sm:line-clamp-2">{course.descripcion}</p>}
      {course.materiales?.length ? (
        <p className="max-w-3xl text-sm text-slate-700">
          Creado a partir de tus materiales: {course.materiales.map((m) => `«${m.titulo}»`).join(', ')}. Cada afirmación lleva su fuente.
        </p>
      ) : null}
      <div className="flex max-w-3xl flex-wrap items-center gap-x-4 gap-y-1">
        <ProgressBar className="min-w-48 flex-1" value={progreso.porcentaje} label="Progreso del curso" valueText={`${progreso.porcentaje} %: ${progreso.completadas} de ${progreso.total} lecciones`} showValue tone={finished ? 'emerald' : 'indigo'} />
        <p className="text-sm text-slate-600">{progreso.completadas} de {progreso.total} lecciones completadas</p>
      </div>
      {course.modo === 'demostracion' && <DemoBanner />}
      {course.estado === 'generando' && (
        <div className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
          <GenerationProgress job={job} compact />
          {lost && <p className="mt-2 text-sm text-amber-800">{lost} Seguimos intentándolo…</p>}
        </div>
      )}
      {course.estado === 'error' && (
        <div role="alert" className="rounded-2xl bg-red-50 p-4 text-red-900">
          <p className="font-semibold">La generación del curso falló</p>
          <p className="mt-1 text-sm">{course.error || 'Algo salió mal mientras escribíamos tu curso.'}</p>
          <div className="mt-3 flex flex-wrap items-center gap-3">
            <Button type="button" onClick={onRetry}>Reintentar</Button>
            {/* Retries are model work, counted per day by the plan (and per course by the server). */}
            <AllowanceNote name="reintentos" />
          </div>
        </div>
      )}
    </header>
  );
}
