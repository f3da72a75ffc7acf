import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import type { CourseDetail, LessonView, ModuleView } from '../../../../lambdas/contract/courses';
import { MASTERY_STATES, type CourseMastery, type MasteryState } from '../../../../lambdas/contract/mastery';
import { objectiveKey, type Objective } from '../../../../lambdas/contract/objectives';
import { evaluationHref, lessonHref } from '../../lib/course-links';
import { LessonIcon, lessonStatus } from './course-outline';
import { MasteryBadge, useCourseMastery } from './mastery-map';

// Issue 43 item 3: the course as a map, drawn by code from the outline the page already holds (its
// modules, their lessons, the objectives each lesson teaches), each objective with its state from the
// Mapa de dominio's own query and badge. Plain HTML and CSS laid out by container width: module, lessons
// and objectives side by side when there is room, stacked on a phone and on paper (index.css, print).
// Loaded lazily (course-page.tsx): the course page's first JavaScript does not carry it.

type States = Map<string, MasteryState>;
type MasteryModule = CourseMastery['modulos'][number];

const upper = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function statesOf(mastery: CourseMastery | undefined): States {
  return new Map(mastery?.modulos.flatMap((m) => m.objetivos.map((o) => [objectiveKey(m.moduleId, o.id), o.estado] as const)) ?? []);
}

function ObjectiveList({ objectives, moduleId, states, label }: { objectives: Objective[]; moduleId: string; states: States; label: string }) {
  if (!objectives.length) return null;
  return (
    <ul aria-label={label} className="space-y-1.5">
      {objectives.map((o) => {
        const estado = states.get(objectiveKey(moduleId, o.id));
        return (
          <li key={o.id} className="flex flex-col items-start gap-x-2 gap-y-1 rounded-lg bg-slate-50 px-2 py-1.5 text-sm text-slate-800 @md:flex-row @md:justify-between">
            <span className="min-w-0 @md:flex-1">{o.enunciado}</span>
            {estado && <MasteryBadge estado={estado} />}
          </li>
        );
      })}
    </ul>
  );
}

/** The branch from the module's rail to one of its nodes. */
const BRANCH = 'relative before:absolute before:-left-4 before:top-5 before:h-0.5 before:w-4 before:bg-slate-300';
const CARD = 'relative break-inside-avoid rounded-xl bg-white p-3 ring-1 ring-slate-200 hover:ring-indigo-300';

function LessonNode({ courseId, module, lesson, objectives, states }: { courseId: string; module: ModuleView; lesson: LessonView; objectives: Objective[]; states: States }) {
  const taught = (lesson.objetivos ?? []).map((id) => objectives.find((o) => o.id === id)).filter((o): o is Objective => !!o);
  return (
    <li className={BRANCH}>
      <div className={`${CARD} grid gap-2 @2xl:grid-cols-[minmax(0,15rem)_minmax(0,1fr)] @2xl:gap-4`}>
        <div className="min-w-0">
          {/* The whole card is the link's target (after:inset-0): a click anywhere on the lesson opens it. */}
          <Link
            to={lessonHref(courseId, { moduleId: module.moduleId, lessonId: lesson.lessonId })}
            className="flex items-start gap-2 font-semibold text-indigo-800 after:absolute after:inset-0 after:rounded-xl hover:underline"
          >
            <span className="mt-1 flex"><LessonIcon lesson={lesson} /></span>
            <span className="min-w-0 flex-1">{lesson.titulo}</span>
          </Link>
          <p className="ml-6 text-xs text-slate-600">{upper(lessonStatus(lesson))}</p>
        </div>
        <ObjectiveList objectives={taught} moduleId={module.moduleId} states={states} label={`Objetivos de «${lesson.titulo}»`} />
      </div>
    </li>
  );
}

function ModuleNode({ course, module, number, mastery, states }: { course: CourseDetail; module: ModuleView; number: number; mastery?: MasteryModule; states: States }) {
  const objectives: Objective[] = module.objetivos ?? mastery?.objetivos ?? [];
  const untaught = objectives.filter((o) => !module.lecciones.some((l) => l.objetivos?.includes(o.id)));
  return (
    <li className="flex flex-col gap-3 @3xl:flex-row">
      <div className="break-inside-avoid space-y-2 rounded-xl bg-indigo-50 p-4 ring-1 ring-indigo-200 @3xl:w-56 @3xl:shrink-0 @3xl:self-start">
        <p className="text-xs font-semibold uppercase tracking-wide text-indigo-900">Módulo {number}</p>
        <h3 className="font-bold text-slate-900">{module.titulo}</h3>
        {mastery && (
          <p className="text-xs text-slate-700">
            {mastery.dominados} de {mastery.objetivos.length} {mastery.objetivos.length === 1 ? 'objetivo dominado' : 'objetivos dominados'}
          </p>
        )}
        <ObjectiveList objectives={untaught} moduleId={module.moduleId} states={states} label={`Objetivos del módulo ${number}`} />
      </div>
      <ol aria-label={`Lecciones del módulo ${number}`} className="ml-4 min-w-0 flex-1 space-y-3 border-l-2 border-slate-300 py-1 pl-4 @3xl:ml-0">
        {module.lecciones.map((l) => <LessonNode key={l.lessonId} courseId={course.courseId} module={module} lesson={l} objectives={objectives} states={states} />)}
        <li className={BRANCH}>
          <div className={`${CARD} flex flex-wrap items-center justify-between gap-2`}>
            <Link to={evaluationHref(course.courseId, module.moduleId)} className="flex items-center gap-2 font-semibold text-indigo-800 after:absolute after:inset-0 after:rounded-xl hover:underline">
              <span aria-hidden="true" className="w-4 text-center">✎</span>
              Evaluación del módulo {number}
            </Link>
            <span className="text-xs text-slate-700">{module.evaluacion.aprobada ? 'Aprobada' : 'Sin aprobar'}</span>
          </div>
        </li>
      </ol>
    </li>
  );
}

/** The states' legend: each icon with its word, as every objective shows it. */
function Legend() {
  return (
    <div className="mt-3 flex flex-wrap items-center gap-2 text-sm text-slate-700">
      <span>Tu dominio de cada objetivo:</span>
      <ul aria-label="Estados de dominio" className="flex flex-wrap gap-2">
        {MASTERY_STATES.map((s) => <li key={s}><MasteryBadge estado={s} /></li>)}
      </ul>
    </div>
  );
}

export default function CourseMap({ course, onList, focusOnShow }: { course: CourseDetail; onList: () => void; focusOnShow: boolean }) {
  const { data: mastery } = useCourseMastery(course);
  const states = statesOf(mastery);
  const heading = useRef<HTMLHeadingElement>(null);
  // Chosen with "Ver como mapa": focus follows to the map's heading (not on arrival at a remembered map).
  useEffect(() => {
    if (focusOnShow) heading.current?.focus();
  }, [focusOnShow]);
  return (
    <section data-course-map aria-labelledby="mapa-curso" className="@container mt-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6 lg:mt-6 print:mt-2 print:p-0 print:shadow-none print:ring-0">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="mapa-curso" ref={heading} tabIndex={-1} className="text-xl font-bold text-slate-900 outline-none">Mapa del curso</h2>
        <button type="button" onClick={onList} className="rounded-lg px-3 py-2 text-sm font-semibold text-indigo-700 ring-1 ring-indigo-200 hover:bg-indigo-50 print:hidden">
          Ver como lista
        </button>
      </div>
      <p className="mt-1 text-sm text-slate-700">Cada módulo con sus lecciones y lo que aprenderás en ellas. Elige una lección para abrirla.</p>
      {mastery && <Legend />}
      {course.modulos.length === 0 && <p className="mt-4 text-sm text-slate-600">Estamos diseñando el temario…</p>}
      <ol className="mt-5 space-y-6">
        {course.modulos.map((m, i) => (
          <ModuleNode key={m.moduleId} course={course} module={m} number={i + 1} mastery={mastery?.modulos.find((x) => x.moduleId === m.moduleId)} states={states} />
        ))}
      </ol>
    </section>
  );
}
