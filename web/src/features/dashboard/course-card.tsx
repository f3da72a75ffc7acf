import { Link } from 'react-router-dom';
import type { CourseSummary } from '../../../../lambdas/contract/courses';
import { Button } from '../../components/button';
import { ProgressBar } from '../../components/progress-bar';
import { DemoBadge, lessonHref, StateBadge } from '../course';
import { CourseTopicSwitch } from './course-topic-switch';

const LEVEL: Record<string, string> = { principiante: 'Principiante', intermedio: 'Intermedio', avanzado: 'Avanzado' };

/** One course on the dashboard: state, progress (from the server) and the way back in. */
export function CourseCard({ course, onRetry, retrying }: { course: CourseSummary; onRetry: (c: CourseSummary) => void; retrying: boolean }) {
  const { progreso } = course;
  const started = progreso.completadas > 0 || Boolean(course.ultimaLeccion);
  const action = course.estado === 'generando' ? 'Ver curso' : started ? 'Continuar' : 'Empezar';
  return (
    <li className="flex flex-col rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-center gap-2">
        <StateBadge estado={course.estado} />
        {course.modo === 'demostracion' && <DemoBadge />}
        <span className="text-xs font-medium text-slate-600">{LEVEL[course.nivel] ?? course.nivel}</span>
      </div>
      <h3 className="mt-3 text-lg font-semibold text-slate-900">{course.titulo}</h3>
      {course.descripcion && <p className="mt-1 line-clamp-2 text-sm text-slate-700">{course.descripcion}</p>}
      {course.estado === 'error' ? (
        <div className="mt-4 rounded-lg bg-red-50 p-3 text-sm text-red-900">
          <p>{course.error || 'La generación del curso falló.'}</p>
          <Button type="button" className="mt-3" busy={retrying} onClick={() => onRetry(course)}>
            Reintentar<span className="sr-only"> la generación de {course.titulo}</span>
          </Button>
        </div>
      ) : (
        <div className="mt-auto pt-4">
          <ProgressBar value={progreso.porcentaje} label={`Progreso de ${course.titulo}`} valueText={`${progreso.porcentaje} %: ${progreso.completadas} de ${progreso.total} lecciones`} showValue />
          <p className="mt-1 text-xs text-slate-600">
            {progreso.completadas} de {progreso.total} lecciones completadas
          </p>
          <Link
            to={lessonHref(course.courseId, course.ultimaLeccion)}
            className="mt-4 inline-flex items-center rounded-lg bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-700"
          >
            {action}<span className="sr-only">: {course.titulo}</span>
          </Link>
          <CourseTopicSwitch courseId={course.courseId} titulo={course.titulo} />
        </div>
      )}
    </li>
  );
}
