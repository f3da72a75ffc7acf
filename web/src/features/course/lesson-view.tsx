import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { CourseDetail, LessonView as Lesson, ModuleView } from '../../../../lambdas/contract/courses';
import { Button } from '../../components/button';
import { FeedbackButtons } from '../feedback';
import { SourceList } from '../materials';
import { AllowanceNote } from '../plans';
import { SelfCheck } from '../practice';
import { LessonContent } from '../lesson';
import { lessonHref } from '../../lib/course-links';
import { courseKeys } from '../../lib/course-keys';
import type { LessonRef } from './course-state';

// Loaded when the learner first asks to listen, never with the course page (issue 26).
const NarrationPlayer = lazy(() => import('../narration').then((m) => ({ default: m.NarrationPlayer })));

interface Props {
  courseId: string;
  module: ModuleView;
  moduleNumber: number;
  lesson: Lesson;
  previous?: LessonRef & { lesson: Lesson };
  next?: LessonRef & { lesson: Lesson };
  generating: boolean;
  onComplete: () => void;
  onRegenerate: () => void;
  /** Changes after each regeneration, so the allowance left is read again. */
  regenerations?: number;
}

function LessonSkeleton() {
  return (
    <div aria-hidden="true" className="mt-6 space-y-3 motion-safe:animate-pulse">
      {['w-11/12', 'w-full', 'w-10/12', 'w-9/12', 'w-full', 'w-7/12'].map((w, i) => <div key={i} className={`h-4 rounded bg-slate-200 ${w}`} />)}
      <div className="h-24 rounded-xl bg-slate-200" />
    </div>
  );
}

/** One lesson: its Markdown, its progress and the way to the next one. */
export function LessonView({ courseId, module, moduleNumber, lesson, previous, next, generating, onComplete, onRegenerate, regenerations = 0 }: Props) {
  const done = lesson.progreso === 'completado';
  const client = useQueryClient();
  const content = useRef<HTMLDivElement>(null);
  const listenId = useId();
  // Which lesson the player is open for: another lesson opens with it closed.
  const [listeningTo, setListeningTo] = useState<string>();
  const here = `${module.moduleId}/${lesson.lessonId}`;
  const listening = listeningTo === here;
  const readable = lesson.estado === 'lista' && !!lesson.contenido;
  return (
    <article aria-labelledby="leccion-titulo" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8">
      <p className="text-sm font-medium text-indigo-700">Módulo {moduleNumber} · {module.titulo}</p>
      <h2 id="leccion-titulo" tabIndex={-1} className="mt-1 text-xl font-bold text-slate-900 outline-none sm:text-2xl">{lesson.titulo}</h2>
      {lesson.resumen && <p className="mt-2 text-slate-600">{lesson.resumen}</p>}
      {module.objetivos?.length ? (
        <details className="mt-3 text-sm text-slate-700">
          <summary className="cursor-pointer font-medium text-indigo-800">Objetivos del módulo</summary>
          <ul className="mt-2 list-disc space-y-1 pl-6">{module.objetivos.map((o) => <li key={o.id}>{o.enunciado}</li>)}</ul>
        </details>
      ) : null}

      {readable && (
        <Button id={listenId} type="button" variant="secondary" className="mt-4" aria-expanded={listening} onClick={() => setListeningTo(here)}>
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
            <path d="M11 5 6 9H2v6h4l5 4V5z" /><path d="M15.5 8.5a5 5 0 0 1 0 7" /><path d="M19 5a10 10 0 0 1 0 14" />
          </svg>
          Escuchar lección
        </Button>
      )}

      {lesson.estado === 'lista' && lesson.contenido ? (
        <>
          {/* The sentence being read is marked data-narrando by the player (narration/reading-blocks.ts). */}
          <div ref={content} className="[&_[data-narrando]]:rounded-md [&_[data-narrando]]:outline-4 [&_[data-narrando]]:outline-offset-2 [&_[data-narrando]]:outline-amber-300 [&_[data-narrando]:not(pre)]:bg-amber-50">
            <LessonContent markdown={lesson.contenido} fuentes={lesson.fuentes} />
          </div>
          <SourceList fuentes={lesson.fuentes} />
          <SelfCheck lesson={{ courseId, moduleId: module.moduleId, lessonId: lesson.lessonId }} markdown={lesson.contenido} />
          {listening && (
            <Suspense fallback={<p role="status" className="mt-6 text-sm text-slate-700">Cargando el reproductor…</p>}>
              <NarrationPlayer
                key={here}
                lesson={{ courseId, moduleId: module.moduleId, lessonId: lesson.lessonId }}
                titulo={lesson.titulo}
                curso={client.getQueryData<CourseDetail>(courseKeys.detail(courseId))?.titulo ?? module.titulo}
                content={content}
                onClose={() => {
                  setListeningTo(undefined);
                  document.getElementById(listenId)?.focus();
                }}
              />
            </Suspense>
          )}
        </>
      ) : lesson.estado === 'error' ? (
        <div role="alert" className="mt-6 rounded-xl bg-red-50 p-4 text-red-900">
          <p>No pudimos escribir esta lección. El resto del curso está listo: puedes reintentar solo esta.</p>
          <Button type="button" className="mt-3" onClick={onRegenerate}>Reintentar</Button>
          <AllowanceNote name="regeneraciones" refresh={regenerations} className="mt-2" />
        </div>
      ) : (
        <div>
          <p role="status" className="mt-6 text-sm font-medium text-slate-700">
            {generating ? 'Estamos escribiendo esta lección. Aparecerá aquí en cuanto esté lista.' : 'Esta lección aún no tiene contenido.'}
          </p>
          {generating ? <LessonSkeleton /> : <Button type="button" className="mt-3" onClick={onRegenerate}>Generar lección</Button>}
        </div>
      )}

      {lesson.estado === 'lista' && lesson.contenido && (
        <FeedbackButtons className="mt-6" question="¿Te ha sido útil esta lección?" target={{ courseId, tipo: 'leccion', moduleId: module.moduleId, lessonId: lesson.lessonId }} />
      )}

      {lesson.estado === 'lista' && (
        <div className="mt-8 flex flex-col gap-3 border-t border-slate-100 pt-6 sm:flex-row sm:items-center sm:justify-between">
          {done ? (
            <div className="flex flex-wrap items-center gap-4">
              <p className="inline-flex items-center gap-2 font-semibold text-emerald-800">
                <span aria-hidden="true">✓</span> Lección completada
              </p>
              {next && (
                <Link to={lessonHref(courseId, next)} className="rounded-lg bg-indigo-600 px-4 py-2.5 font-semibold text-white hover:bg-indigo-700">
                  Siguiente lección
                </Link>
              )}
            </div>
          ) : (
            <Button type="button" onClick={onComplete}>Marcar como completada</Button>
          )}
          <div className="flex flex-col items-start gap-1 sm:items-end">
            <Button type="button" variant="ghost" onClick={onRegenerate}>Regenerar lección</Button>
            <AllowanceNote name="regeneraciones" refresh={regenerations} />
          </div>
        </div>
      )}

      <nav aria-label="Lecciones vecinas" className="mt-6 flex flex-wrap justify-between gap-3 text-sm">
        {previous ? (
          <Link to={lessonHref(courseId, previous)} className="rounded-lg px-2 py-1 font-medium text-indigo-700 hover:bg-indigo-50">← {previous.lesson.titulo}</Link>
        ) : <span />}
        {next && (
          <Link to={lessonHref(courseId, next)} className="rounded-lg px-2 py-1 text-right font-medium text-indigo-700 hover:bg-indigo-50">{next.lesson.titulo} →</Link>
        )}
      </nav>
    </article>
  );
}
