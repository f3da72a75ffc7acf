import { Link } from 'react-router-dom';
import type { CourseSummary } from '../../../../lambdas/contract/courses';
import { Button } from '../../components/button';
import { ProgressBar } from '../../components/progress-bar';
import { DemoBadge } from '../../components/demo-badge';
import { lessonHref } from '../../lib/course-links';
import { StateBadge } from '../course';
import { CourseTopicSwitch } from './course-topic-switch';
import { TrophyIcon } from '../../components/achievement-icons';

const LEVEL: Record<string, string> = { principiante: 'Principiante', intermedio: 'Intermedio', avanzado: 'Avanzado' };

/**
 * One course on the dashboard: state, progress (from the server) and the way back in. A finished
 * course (its certificate exists: `certificate` is its page) says so and leads to the certificate.
 */
export function CourseCard({ course, certificate, offline, onRetry, retrying }: { course: CourseSummary; certificate?: string; offline?: boolean; onRetry: (c: CourseSummary) => void; retrying: boolean }) {
  const { progreso } = course;
  const finished = !!certificate;
  const started = progreso.completadas > 0 || Boolean(course.ultimaLeccion);
  const action = course.estado === 'generando' ? 'Ver curso' : finished ? 'Repasar' : started ? 'Continuar' : 'Empezar';
  return (
    <li className={`flex flex-col rounded-2xl bg-white p-5 shadow-sm ring-1 ${finished ? 'ring-emerald-300' : 'ring-slate-200'}`}>
      <div className="flex flex-wrap items-center gap-2">
        <StateBadge course={course} finished={finished} />
        {course.modo === 'demostracion' && <DemoBadge />}
        <span className="text-xs font-medium text-slate-600">{LEVEL[course.nivel] ?? course.nivel}</span>
        {/* Issue 44: downloaded to this device (the course page's "Descargar para estudiar sin conexión"). */}
        {offline && <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800 ring-1 ring-emerald-200">Disponible sin conexión</span>}
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
          <ProgressBar value={progreso.porcentaje} label={`Progreso de ${course.titulo}`} valueText={`${progreso.porcentaje} %: ${progreso.completadas} de ${progreso.total} lecciones`} showValue tone={finished ? 'emerald' : 'indigo'} />
          <p className="mt-1 text-xs text-slate-600">
            {finished ? 'Curso completado: todas las lecciones y evaluaciones' : `${progreso.completadas} de ${progreso.total} lecciones completadas`}
          </p>
          <div className="mt-4 flex flex-wrap items-center gap-2">
            {certificate && (
              <Link to={certificate} className="inline-flex items-center gap-1 rounded-lg bg-emerald-700 px-4 py-2 text-sm font-semibold text-white hover:bg-emerald-800">
                <TrophyIcon /> Ver certificado<span className="sr-only">: {course.titulo}</span>
              </Link>
            )}
            <Link
              to={lessonHref(course.courseId, course.ultimaLeccion)}
              className={`inline-flex items-center rounded-lg px-4 py-2 text-sm font-semibold ${finished ? 'text-indigo-700 ring-1 ring-slate-300 hover:bg-slate-50' : 'bg-indigo-600 text-white hover:bg-indigo-700'}`}
            >
              {action}<span className="sr-only">: {course.titulo}</span>
            </Link>
          </div>
          <CourseTopicSwitch courseId={course.courseId} titulo={course.titulo} />
        </div>
      )}
    </li>
  );
}
