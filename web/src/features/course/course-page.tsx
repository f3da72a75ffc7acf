import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import type { CourseDetail, EvaluationResult, ProgressRequest } from '../../../../lambdas/contract/courses';
import { Button } from '../../components/button';
import { PageLoader } from '../../components/page-loader';
import { errorMessage } from '../../lib/error-message';
import { notify } from '../../lib/notify';
import { coursesApi } from './api';
import { saveProgress } from './progress-write';
import { CourseHeader } from './course-header';
import { CourseOutline, type Selection } from './course-outline';
import { applyEvaluationResult, applyProgress, courseFinished, findLesson, finishesSomething, neighbours, replaceLesson, startingLesson } from './course-state';
import { CourseTutorSlot } from './course-tutor-slot';
import { coursesChanged } from '../../lib/course-keys';
import { EvaluationPanel } from './evaluation-panel';
import { LessonView } from './lesson-view';
import { MasteryMap } from './mastery-map';
import { useCourse } from './use-course';
import { CourseMenu } from './course-menu';
import { NextStepCard } from './next-step-card';
import { useFinishMoments } from './use-finish-moments';
import { useCourseView } from './use-course-view';
import { CourseViewButton } from './course-view-button';
import { certificatesChanged, listenForCertificates, useCourseCertificates } from '../certificates';

// The course map (issue 43 item 3) and the outline review (a course's first minutes, issue 15) are their own
// chunks: the lesson, what most visits show, carries neither, and the page's first JavaScript did not grow.
const CourseMap = lazy(() => import('./course-map'));
// The download panel (issue 44) too: the offline room loads after the course, never in the page's first JavaScript.
const DownloadPanel = lazy(() => import('../offline').then((m) => ({ default: m.DownloadPanel })));
// The finish celebration, shown once per module or course, is its own chunk too (it paid for the panel's import).
const Celebration = lazy(() => import('./celebration').then((m) => ({ default: m.Celebration })));
const OutlineReviewView = lazy(() => import('./outline-review-view').then((m) => ({ default: m.OutlineReviewView })));

function select(course: CourseDetail, params: URLSearchParams): Selection {
  const moduleId = params.get('modulo') ?? undefined;
  if (params.has('evaluacion') && course.modulos.some((m) => m.moduleId === moduleId)) return { kind: 'evaluation', moduleId: moduleId! };
  const found = findLesson(course, { moduleId, lessonId: params.get('leccion') ?? undefined }) ?? startingLesson(course);
  return found ? { kind: 'lesson', moduleId: found.moduleId, lessonId: found.lessonId } : { kind: 'none' };
}

export default function CoursePage() {
  const { courseId = '' } = useParams();
  const [params] = useSearchParams();
  const { course, setCourse, error, reload, job, lost } = useCourse(courseId);
  const [view, setView] = useCourseView(courseId);
  const [switched, setSwitched] = useState(false);
  const client = useQueryClient();
  const sent = useRef(new Set<string>());
  const [regenerations, setRegenerations] = useState(0);
  const selection = course ? select(course, params) : ({ kind: 'none' } as Selection);
  const key = selection.kind === 'lesson' ? `${selection.moduleId}/${selection.lessonId}` : selection.kind === 'evaluation' ? `eval/${selection.moduleId}` : '';
  // On the map no lesson is open: nothing is marked en curso until the learner picks one.
  const current = course && view === 'lista' && selection.kind === 'lesson' ? findLesson(course, selection) : undefined;
  const finished = !!course && courseFinished(course);
  const certificate = useCourseCertificates(finished).get(courseId);
  const { moment, close: closeMoment } = useFinishMoments(course, certificate?.verificacion);
  // The certificate issued on this page is celebrated here (Celebration), not in a toast.
  useEffect(() => listenForCertificates(() => void certificatesChanged(client)), [client]);

  // A progress write: its answer updates the course on screen at once; the dashboard's list is stale.
  const { mutate: save } = useMutation({
    mutationFn: ({ body, background = false }: { body: ProgressRequest; background?: boolean }) => saveProgress(courseId, body, background),
    // Run offline too (not paused until 'online'): a lesson completed then goes to the outbox at once.
    networkMode: 'always',
    onSuccess: (outcome, { body, background }) => {
      if ('kept' in outcome) {
        // Offline: completed on this device, in the outbox; the percentages stay the server's until it answers.
        setCourse((c) => c && applyProgress(c, { courseId, progreso: c.progreso, modulos: [], leccion: body }));
        notify.info('Lección completada en este dispositivo. Se enviará cuando vuelva la conexión; todavía no se ha enviado.');
        return;
      }
      const res = outcome.saved;
      setCourse((c) => c && applyProgress(c, res));
      void coursesChanged(client);
      // A lesson that finishes its module or the course is celebrated instead (useFinishMoments).
      if (!background && !finishesSomething(course, res)) notify.success('Lección completada');
    },
    onError: (err, { background }) => {
      if (!background) notify.error(errorMessage(err, 'No pudimos guardar tu progreso.'));
    },
  });

  // Opening a ready lesson marks it en_curso (once, quietly); completed lessons stay completed.
  const opened = current && current.lesson.estado === 'lista' && current.lesson.progreso === 'pendiente' ? { moduleId: current.moduleId, lessonId: current.lessonId } : undefined;
  const openedModule = opened?.moduleId;
  const openedLesson = opened?.lessonId;
  useEffect(() => {
    if (!openedModule || !openedLesson || sent.current.has(key)) return;
    sent.current.add(key);
    save({ body: { moduleId: openedModule, lessonId: openedLesson, estado: 'en_curso' }, background: true });
  }, [key, openedModule, openedLesson, save]);

  // Moving to another lesson puts keyboard and screen-reader focus on its title.
  // The first lesson shown on arrival is not a move: focus stays where the browser put it.
  const shownKey = useRef('');
  const titleId = selection.kind === 'evaluation' ? 'evaluacion-titulo' : 'leccion-titulo';
  useEffect(() => {
    if (!key) return;
    const moved = shownKey.current !== '' && shownKey.current !== key;
    shownKey.current = key;
    if (moved) document.getElementById(titleId)?.focus();
  }, [key, titleId]);

  // Back from the map (its "Ver como lista" or a lesson picked on it), focus lands on what the list opens.
  const shownView = useRef(view);
  useEffect(() => {
    if (shownView.current === view) return;
    shownView.current = view;
    if (view === 'lista') (document.getElementById(titleId) ?? document.getElementById('ver-como-mapa'))?.focus();
  }, [view, titleId]);
  const choose = (next: typeof view) => {
    setSwitched(true);
    setView(next);
  };

  async function regenerate(moduleId: string, lessonId: string) {
    try {
      const lesson = await coursesApi.generateLesson(courseId, moduleId, lessonId);
      setCourse((c) => c && replaceLesson(c, moduleId, lesson));
      notify.success('Lección generada');
    } catch (err) {
      notify.error(errorMessage(err, 'No pudimos generar la lección. Inténtalo de nuevo.'));
    } finally {
      setRegenerations((n) => n + 1);
    }
  }

  async function retry() {
    try {
      const res = await coursesApi.retry(courseId);
      setCourse((c) => c && { ...c, ...res.curso, modulos: c.modulos });
      void coursesChanged(client);
    } catch (err) {
      notify.error(errorMessage(err, 'No pudimos reintentar la generación.'));
    }
  }

  if (error) {
    // 400: the address holds no course id at all (ids are UUIDs); retrying cannot help either.
    const missing = error.status === 404 || error.status === 400;
    return (
      <section role="alert" className="mx-auto max-w-xl rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200">
        <title>Curso · Mentora</title>
        <h1 className="text-xl font-bold text-slate-900">{missing ? 'No encontramos ese curso' : 'No pudimos cargar el curso'}</h1>
        <p className="mt-2 text-slate-700">{error.message}</p>
        <div className="mt-4 flex flex-wrap justify-center gap-3">
          {!missing && <Button type="button" onClick={() => void reload()}>Volver a intentarlo</Button>}
          <Link to="/dashboard" className="rounded-lg px-4 py-2.5 font-semibold text-indigo-700 hover:bg-indigo-50">Ir a mis cursos</Link>
        </div>
      </section>
    );
  }
  if (!course) return <PageLoader site="el curso" />;

  if (course.estado === 'revisando_temario') {
    return (
      <Suspense fallback={<PageLoader site="el temario" />}>
        <OutlineReviewView course={course} onConfirmed={() => void reload()} />
      </Suspense>
    );
  }
  const generating = course.estado === 'generando';
  const moduleIndex = selection.kind === 'none' ? -1 : course.modulos.findIndex((m) => m.moduleId === selection.moduleId);
  const around: Partial<ReturnType<typeof neighbours>> = selection.kind === 'lesson' ? neighbours(course, selection) : {};
  // Never above the lesson: what the learner came for is the first screen (issue 34; course-first.e2e at 390 px, where
  // the panel above it pushed the lesson's title under the tutor's bar once it loaded). While the course is studied
  // it follows the lesson or evaluation; once it is finished, it waits below the course.
  const download = (
    <Suspense fallback={null}>
      <DownloadPanel courseId={course.courseId} />
    </Suspense>
  );
  return (
    <div>
      <title>{`${course.titulo} · Mentora`}</title>
      <CourseHeader course={course} job={job} lost={lost} onRetry={() => void retry()} finished={finished}
        actions={course.estado === 'listo' && <CourseMenu course={course} onShareChange={(compartido) => setCourse((c) => c && { ...c, compartido })} />} />
      {moment && (
        <Suspense fallback={null}>
          <Celebration moment={moment} onClose={closeMoment} />
        </Suspense>
      )}
      {view === 'mapa' ? (
        <Suspense fallback={<PageLoader site="el mapa del curso" />}>
          <CourseMap course={course} onList={() => choose('lista')} focusOnShow={switched} />
        </Suspense>
      ) : (
        <div className="mt-4 grid grid-cols-1 gap-4 lg:mt-6 lg:grid-cols-[18rem_minmax(0,1fr)] lg:gap-6">
          <aside>
            {/* From lg up one sticky column: the outline, then the tutor's button under it, on screen at any scroll
                position and beside the lesson, never over it (issue 34). Below lg the button is a bar at the
                screen's bottom (tutor-panel.tsx). */}
            <div className="lg:sticky lg:top-20 lg:flex lg:max-h-[calc(100vh-6rem)] lg:flex-col lg:gap-3">
              <CourseOutline course={course} selected={selection} action={<CourseViewButton onClick={() => choose('mapa')} />} />
              <CourseTutorSlot course={course} selection={selection} />
            </div>
          </aside>
          <div className="min-w-0 space-y-6">
            <NextStepCard course={course} finished={finished} certificate={certificate} selection={selection} />
            {current ? (
              <LessonView
                courseId={course.courseId}
                module={current.module}
                moduleNumber={moduleIndex + 1}
                lesson={current.lesson}
                previous={around.previous}
                next={around.next}
                generating={generating}
                onComplete={() => save({ body: { moduleId: current.moduleId, lessonId: current.lessonId, estado: 'completado' } })}
                onRegenerate={() => void regenerate(current.moduleId, current.lessonId)}
                regenerations={regenerations}
              />
            ) : selection.kind === 'evaluation' ? (
              <EvaluationPanel
                courseId={course.courseId}
                module={course.modulos[moduleIndex]}
                moduleNumber={moduleIndex + 1}
                generating={generating}
                onSubmitted={(r: EvaluationResult) => {
                  setCourse((c) => c && applyEvaluationResult(c, selection.moduleId, r));
                  void coursesChanged(client);
                }}
              />
            ) : (
              <p role="status" className="rounded-2xl bg-white p-6 text-slate-700 shadow-sm ring-1 ring-slate-200">
                {generating ? 'Estamos diseñando el temario de tu curso. Las lecciones aparecerán aquí en unos segundos.' : 'Este curso aún no tiene lecciones.'}
              </p>
            )}
            {course.estado === 'listo' && !finished && download}
            {course.estado === 'listo' && <MasteryMap course={course} />}
          </div>
        </div>
      )}
      {course.estado === 'listo' && finished && download}
    </div>
  );
}
