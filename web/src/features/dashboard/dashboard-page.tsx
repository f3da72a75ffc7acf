import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { CourseSummary } from '../../../../lambdas/contract/courses';
import { useAuth } from '../../app/providers/auth-provider';
import { Button } from '../../components/button';
import { errorMessage } from '../../lib/error-message';
import { notify } from '../../lib/notify';
import { coursesApi } from '../course';
import { MyDiplomados } from '../diplomado';
import { PrivacyChoice } from '../social';
import { CourseCard } from './course-card';
import { useCourseCertificates } from '../certificates';
import { EmptyCourses } from './empty-courses';
import { NextStep } from './next-step';
import { ReviewToday } from './review-today';
import { useMyCourses } from './use-my-courses';
import { useDownloadedCourses } from '../offline';

/** The learner's home: a short welcome, the next step and today's review, then their courses with state and progress. */
export default function DashboardPage() {
  const { user } = useAuth();
  const nombre = user?.nombre?.split(' ')[0] ?? '';
  const { courses, offline, error, reload, replace, hasMore, loadMore, loadingMore } = useMyCourses();
  const downloaded = new Set(useDownloadedCourses().copies?.map((c) => c.courseId));
  // Only a course with every lesson done can be finished: the certificates are read only then.
  const certificates = useCourseCertificates(!!courses?.some((c) => c.progreso.porcentaje === 100));
  const [retrying, setRetrying] = useState<string | null>(null);

  async function retry(course: CourseSummary) {
    setRetrying(course.courseId);
    try {
      const res = await coursesApi.retry(course.courseId);
      replace({ ...course, ...res.curso });
      notify.success(res.message || 'Volvemos a generar tu curso');
    } catch (err) {
      notify.error(errorMessage(err, 'No pudimos reintentar la generación.'));
    } finally {
      setRetrying(null);
    }
  }

  return (
    <section>
      <title>Mis cursos · Mentora</title>
      {/* A short greeting: what a returning learner came for (the next step, the courses) starts on the
          first screen at 390 px. The pitch is for a learner with no course yet. */}
      <div className="rounded-3xl bg-gradient-to-br from-indigo-600 to-violet-600 p-5 text-white shadow-lg sm:flex sm:items-center sm:justify-between sm:gap-6 sm:px-8 sm:py-6">
        <div>
          <p className="text-sm font-medium text-indigo-100">Tu club para entrenar la mente</p>
          <h1 className="mt-1 text-2xl font-bold sm:text-3xl">¡Hola{nombre ? `, ${nombre}` : ''}!</h1>
          {courses?.length === 0 && <p className="mt-2 max-w-xl text-indigo-50">Aprende lo que quieras, cuando quieras. Tu mentor de IA prepara cada curso a tu medida.</p>}
        </div>
        <Link to="/generar" className="mt-4 inline-flex shrink-0 items-center gap-2 rounded-xl bg-white px-5 py-3 font-semibold text-indigo-700 shadow hover:bg-indigo-50 sm:mt-0">
          Crear un curso
        </Link>
      </div>
      <NextStep />
      <ReviewToday newcomer={courses?.length === 0} />
      <h2 id="mis-cursos" className="mt-10 text-xl font-bold text-slate-900">Mis cursos</h2>
      {error ? (
        <div role="alert" className="mt-4 rounded-2xl bg-red-50 p-5 text-red-900">
          <p>{error}</p>
          <Button type="button" variant="secondary" className="mt-3" onClick={() => void reload()}>Volver a intentarlo</Button>
        </div>
      ) : !courses ? (
        <ul aria-busy="true" aria-label="Cargando tus cursos" className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {[0, 1, 2].map((i) => (
            <li key={i} className="h-48 animate-pulse rounded-2xl bg-white ring-1 ring-slate-200 motion-reduce:animate-none" />
          ))}
        </ul>
      ) : courses.length === 0 ? (
        <EmptyCourses />
      ) : (
        <>
          {offline && (
            <p role="status" className="mt-2 rounded-xl bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-200">
              Estás sin conexión: ves los cursos que descargaste en este dispositivo, con el progreso que tenían al descargarlos.
            </p>
          )}
          <ul aria-labelledby="mis-cursos" className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {courses.map((c) => <CourseCard key={c.courseId} course={c} offline={downloaded.has(c.courseId)} certificate={certificates.get(c.courseId)?.verificacion} onRetry={(course) => void retry(course)} retrying={retrying === c.courseId} />)}
          </ul>
          {hasMore && (
            <div className="mt-6 flex justify-center">
              <Button type="button" variant="secondary" onClick={() => void loadMore()} busy={loadingMore}>
                Ver más
              </Button>
            </div>
          )}
        </>
      )}
      {/* An invitation, not the learner's work: after their courses. */}
      <PrivacyChoice />
      <MyDiplomados />
    </section>
  );
}
