import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useAuth } from '../../app/providers/auth-provider';
import { Button } from '../../components/button';
import { Spinner } from '../../components/spinner';
import { errorMessage } from '../../lib/error-message';
import { notify } from '../../lib/notify';
import { clearReturnPath, rememberReturnPath } from '../../lib/return-path';
import { DemoBadge } from '../../components/demo-badge';
import { coursesChanged } from '../../lib/course-keys';
import { lessonHref } from '../../lib/course-links';
import { LessonContent } from '../lesson';
import { sharingApi, sharingKeys } from './api';
import { CopyOffer } from './copy-offer';
import { SharedOutline } from './shared-outline';

const LEVEL: Record<string, string> = { principiante: 'Principiante', intermedio: 'Intermedio', avanzado: 'Avanzado' };

/**
 * /compartido/:shareId, public (issue 25): a shared course's outline and lessons, signed in or out,
 * and "Copiar a mis cursos" (a signed-out visitor signs in first and comes back here). noindex.
 */
export default function SharedPage() {
  const { shareId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { isAuthenticated } = useAuth();
  const { data: course, isError } = useQuery({ queryKey: sharingKeys.shared(shareId), queryFn: () => sharingApi.read(shareId), retry: false });
  // Back from signing in: the way here has been used.
  useEffect(() => {
    if (isAuthenticated) clearReturnPath();
  }, [isAuthenticated]);
  const copy = useMutation({
    mutationFn: () => sharingApi.copy(shareId),
    onSuccess: (res) => {
      void coursesChanged(client);
      notify.success(res.message);
      void navigate(lessonHref(res.curso.courseId));
    },
    onError: (err) => notify.error(errorMessage(err, 'No pudimos copiar el curso.')),
  });

  const module = course?.modulos.find((m) => m.moduleId === params.get('modulo')) ?? course?.modulos.find((m) => m.lecciones.length);
  const lesson = module?.lecciones.find((l) => l.lessonId === params.get('leccion')) ?? module?.lecciones[0];
  // Choosing another lesson moves focus (and, on a phone, the view) to its title; the first one shown does not.
  const shown = useRef('');
  const lessonKey = module && lesson ? `${module.moduleId}/${lesson.lessonId}` : '';
  useEffect(() => {
    if (!lessonKey) return;
    const moved = shown.current !== '' && shown.current !== lessonKey;
    shown.current = lessonKey;
    if (moved) document.getElementById('leccion-compartida')?.focus();
  }, [lessonKey]);

  function copyToMine() {
    if (isAuthenticated) return copy.mutate();
    rememberReturnPath(`/compartido/${shareId}?copiar=1`);
    void navigate('/login');
  }
  // Back from signing in (`?copiar=1`), the copy the visitor asked for is offered again, not made:
  // anyone can put that URL in a message, and a link changes nothing by itself (issue 40).
  const offering = isAuthenticated && params.get('copiar') === '1';
  const dismissOffer = () => setParams((p) => {
    p.delete('copiar');
    return p;
  }, { replace: true });

  const head = (
    <>
      <title>{course ? `${course.titulo} · Curso compartido · Mentora` : 'Curso compartido · Mentora'}</title>
      <meta name="robots" content="noindex, nofollow" />
    </>
  );
  if (isError && !course) {
    return (
      <section role="alert" className="mx-auto max-w-xl rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200">
        {head}
        <h1 className="text-xl font-bold text-slate-900">Este enlace ya no está disponible</h1>
        <p className="mt-2 text-slate-700">Quien compartió el curso dejó de compartirlo, o el enlace está incompleto.</p>
        <Link to="/" className="mt-4 inline-block rounded-lg px-4 py-2.5 font-semibold text-indigo-700 hover:bg-indigo-50">Ir a Mentora</Link>
      </section>
    );
  }
  if (!course) {
    return (
      <div className="flex items-center gap-3 text-slate-600">
        {head}
        <Spinner size="sm" /> Cargando...
      </div>
    );
  }
  return (
    <div>
      {head}
      <header className="space-y-3">
        <div className="flex flex-wrap items-center gap-2">
          <span className="rounded-full bg-indigo-100 px-3 py-1 text-xs font-semibold text-indigo-900">Curso compartido</span>
          {course.modo === 'demostracion' && <DemoBadge />}
        </div>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{course.titulo}</h1>
        <p className="text-sm text-slate-600">{course.topic} · {LEVEL[course.nivel]} · {course.totalLecciones} lecciones</p>
        {course.descripcion && <p className="max-w-3xl text-slate-700">{course.descripcion}</p>}
        {offering ? (
          <CopyOffer titulo={course.titulo} busy={copy.isPending} onCopy={() => copy.mutate()} onDismiss={dismissOffer} />
        ) : (
          <div className="flex flex-wrap items-center gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
            <Button type="button" busy={copy.isPending} onClick={copyToMine}>Copiar a mis cursos</Button>
            <p className="max-w-xl text-sm text-slate-700">
              {isAuthenticated
                ? 'Tendrás tu propia copia, con tu progreso y tus evaluaciones. No gasta cursos de tu plan.'
                : 'Inicia sesión o crea una cuenta gratis para tener tu propia copia, con tu progreso y tus evaluaciones.'}
            </p>
          </div>
        )}
      </header>
      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-[18rem_minmax(0,1fr)]">
        <aside>
          <SharedOutline course={course} selected={module && lesson ? { moduleId: module.moduleId, lessonId: lesson.lessonId } : undefined} />
        </aside>
        <article className="min-w-0 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8">
          {lesson ? (
            <>
              <p className="text-sm font-semibold text-indigo-700">{module?.titulo}</p>
              <h2 id="leccion-compartida" tabIndex={-1} className="mt-1 text-xl font-bold text-slate-900 outline-none sm:text-2xl">{lesson.titulo}</h2>
              <LessonContent markdown={lesson.contenido} fuentes={lesson.fuentes} plainLinks />
            </>
          ) : (
            <p>Este curso aún no tiene lecciones.</p>
          )}
        </article>
      </div>
    </div>
  );
}
