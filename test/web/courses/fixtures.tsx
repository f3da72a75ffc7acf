import { render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import type { CourseDetail, CourseSummary, JobView, LessonView, ModuleView } from '../../../lambdas/contract/courses';
import { AppShell } from '../../../web/src/app/app';
import { resetStartupForTests } from '../../../web/src/app/providers/auth-provider';
import { useAuthStore } from '../../../web/src/features/auth/store';
import { polling } from '../../../web/src/lib/polling';
import { saveTokens } from '../../../web/src/lib/token-storage';
import { aUser, someTokens } from '../fake-api';

// Shared by the course screens' tests: a signed-in learner, the app at a path, and courses as the
// API answers them (lambdas/contract/courses.ts).

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="path">{pathname + search}</output>;
}

export function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AppShell />
      <Where />
    </MemoryRouter>,
  );
}
export const currentPath = () => screen.getByTestId('path').textContent;

export function signedIn(user: object = aUser) {
  localStorage.clear();
  resetStartupForTests();
  saveTokens(someTokens());
  useAuthStore.setState({ user: user as typeof aUser, isAuthenticated: true, isLoading: false, error: null, sessionId: null });
  polling.jobMs = 5;
  polling.maxJobMs = 40;
  polling.courseMs = 20;
}

export const me = { 'GET /users/me': () => [200, { success: true, data: aUser }] as [number, unknown] };

const pct = (completadas: number, total: number) => ({ completadas, total, porcentaje: total ? Math.round((completadas / total) * 100) : 0 });

export function lesson(id: string, over: Partial<LessonView> = {}): LessonView {
  return { lessonId: id, titulo: `Lección ${id}`, resumen: `Resumen de ${id}`, estado: 'lista', contenido: `# ${id}\n\nTexto de la lección ${id}.`, progreso: 'pendiente', ...over };
}

export function moduleOf(id: string, lecciones: LessonView[], over: Partial<ModuleView> = {}): ModuleView {
  const done = lecciones.filter((l) => l.progreso === 'completado').length;
  return {
    moduleId: id,
    titulo: `Módulo ${id}`,
    descripcion: '',
    progreso: pct(done, lecciones.length),
    lecciones,
    evaluacion: { estado: 'lista', preguntas: 2, intentos: [], aprobada: false, aprobarCon: 70 },
    ...over,
  };
}

/** The text of the one lesson a `courseBeingWritten` ends with. */
export const WRITTEN_LESSON = 'La lección ya está escrita.';

/** One course of one lesson, as GET /courses/{id} answers it while its job writes it and once it is written. */
export function courseBeingWritten() {
  return {
    writing: aCourse({ estado: 'generando', modulos: [moduleOf('m1', [lesson('l1', { estado: 'pendiente', contenido: undefined })])] }),
    written: aCourse({ estado: 'listo', modulos: [moduleOf('m1', [lesson('l1', { contenido: WRITTEN_LESSON })])] }),
  };
}

export function aCourse(over: Partial<CourseDetail> = {}): CourseDetail {
  const modulos = over.modulos ?? [moduleOf('m1', [lesson('l1'), lesson('l2')]), moduleOf('m2', [lesson('l3')])];
  const lessons = modulos.flatMap((m) => m.lecciones);
  return {
    courseId: 'c-1',
    titulo: 'Python desde cero',
    descripcion: 'Aprende Python paso a paso.',
    topic: 'Python',
    nivel: 'principiante',
    estado: 'listo',
    modo: 'ia',
    jobId: 'j-1',
    progreso: pct(lessons.filter((l) => l.progreso === 'completado').length, lessons.length),
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    objetivos: [],
    uso: { tokensEntrada: 0, tokensSalida: 0, modelos: [], costeEstimadoUSD: 0, porModelo: [] },
    ...over,
    modulos,
  };
}

export function summaryOf(c: CourseDetail, over: Partial<CourseSummary> = {}): CourseSummary {
  const { modulos: _m, objetivos: _o, uso: _u, ...summary } = c;
  return { ...summary, ...over };
}

export function aJob(over: Partial<JobView> = {}): JobView {
  return {
    jobId: 'j-1',
    kind: 'curso',
    courseId: 'c-1',
    status: 'en_proceso',
    step: 'esquema',
    stepLabel: 'Diseñando el esquema del curso',
    done: 0,
    total: 27,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...over,
  };
}

export const ok = (data: unknown): [number, unknown] => [200, { success: true, data }];

/** POST /courses/{id}/progress's success: the progress and the server's message. */
export const saved = (data: unknown): [number, unknown] => [200, { success: true, data, message: 'Progreso guardado' }];

/** What POST /courses/{id}/progress answers for one lesson. */
export const progressAnswer = (moduleId: string, lessonId: string, estado: 'en_curso' | 'completado' = 'en_curso') =>
  saved({ courseId: 'c-1', progreso: { completadas: 0, total: 3, porcentaje: 0 }, modulos: [], leccion: { moduleId, lessonId, estado } });

const counter = (usados: number, limite: number, periodo = '2026-11-23') => ({ usados, limite, periodo });

/** Each plan's daily allowances as lambdas/plans/plans.ts sets them (GET /payments/plan `planes[].porDia`). */
export const PLAN_ALLOWANCES = {
  gratuito: { regeneraciones: 5, variantesEvaluacion: 5, recargasEvaluacion: 10, sugerencias: 20, planesDiplomado: 0, reintentos: 3, respuestasAbiertas: 30, refuerzos: 10 },
  premium: { regeneraciones: 30, variantesEvaluacion: 30, recargasEvaluacion: 60, sugerencias: 100, planesDiplomado: 5, reintentos: 10, respuestasAbiertas: 300, refuerzos: 100 },
};

/** A free plan summary (GET /payments/plan) with these daily allowances used, each out of `limite`. */
export function aPlanSummary(usedToday: Partial<Record<'regeneraciones' | 'variantesEvaluacion' | 'recargasEvaluacion' | 'sugerencias' | 'planesDiplomado' | 'reintentos' | 'respuestasAbiertas' | 'refuerzos', number>> = {}, limite = 5) {
  const day = (n?: number) => counter(n ?? 0, limite);
  return {
    plan: 'gratuito', planes: [], suscripcion: null,
    uso: {
      cursos: counter(0, 3, '2026-11'), mensajesTutor: counter(0, 20), diplomado: false,
      porDia: { regeneraciones: day(usedToday.regeneraciones), variantesEvaluacion: day(usedToday.variantesEvaluacion), recargasEvaluacion: day(usedToday.recargasEvaluacion), sugerencias: day(usedToday.sugerencias), planesDiplomado: day(usedToday.planesDiplomado), reintentos: day(usedToday.reintentos), respuestasAbiertas: day(usedToday.respuestasAbiertas), refuerzos: day(usedToday.refuerzos) },
    },
  };
}
