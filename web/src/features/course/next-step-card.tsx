import { Link } from 'react-router-dom';
import type { CertificateSummary } from '../../../../lambdas/contract/certificates';
import type { CourseDetail } from '../../../../lambdas/contract/courses';
import type { Selection } from './course-outline';
import { evaluationDue } from './course-state';
import { evaluationHref } from '../../lib/course-links';
import { TrophyIcon } from '../../components/achievement-icons';

/**
 * What comes first when the next step is not a lesson (issue 34): the completed course with its
 * certificate, or the evaluation a module is waiting for. Nothing otherwise.
 */
export function NextStepCard({ course, finished, certificate, selection }: {
  course: CourseDetail; finished: boolean; certificate?: CertificateSummary; selection: Selection;
}) {
  if (finished) {
    return (
      <section aria-labelledby="curso-completado" className="rounded-2xl bg-emerald-50 p-5 ring-1 ring-emerald-200">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="min-w-0">
            <h2 id="curso-completado" className="flex items-center gap-2 text-lg font-bold text-emerald-900"><TrophyIcon className="h-5 w-5" />Curso completado</h2>
            <p className="text-sm text-emerald-900">Terminaste todas las lecciones y aprobaste todas las evaluaciones.</p>
          </div>
          {certificate ? (
            <Link to={certificate.verificacion} className="rounded-lg bg-emerald-700 px-4 py-2.5 font-semibold text-white hover:bg-emerald-800">Ver mi certificado</Link>
          ) : (
            <Link to="/profile" className="rounded-lg px-4 py-2.5 font-semibold text-emerald-900 ring-1 ring-emerald-300 hover:bg-emerald-100">Mis certificados</Link>
          )}
        </div>
      </section>
    );
  }
  const due = course.estado === 'listo' ? evaluationDue(course) : undefined;
  if (!due || (selection.kind === 'evaluation' && selection.moduleId === due.module.moduleId)) return null;
  return (
    <section aria-labelledby="siguiente-paso" className="flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-indigo-50 p-4 ring-1 ring-indigo-100">
      <div className="min-w-0">
        <h2 id="siguiente-paso" className="font-semibold text-indigo-900">Siguiente paso: la evaluación del módulo {due.number}</h2>
        <p className="text-sm text-indigo-900">Terminaste sus lecciones. Apruébala para completar «{due.module.titulo}».</p>
      </div>
      <Link to={evaluationHref(course.courseId, due.module.moduleId)} className="rounded-lg bg-indigo-600 px-4 py-2.5 font-semibold text-white hover:bg-indigo-700">Hacer la evaluación</Link>
    </section>
  );
}
