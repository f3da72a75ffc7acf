import { sectionAnchor } from './section-anchor';

/**
 * Where a lesson lives: /course/:courseId?modulo=…&leccion=… (also the dashboard's "Continuar"); with
 * `seccion`, the heading of that name (`#seccion-…`, where the scroll restoration lands).
 */
export function lessonHref(courseId: string, at?: { moduleId: string; lessonId: string; seccion?: string }) {
  const base = `/course/${encodeURIComponent(courseId)}`;
  if (!at) return base;
  const hash = at.seccion ? `#${sectionAnchor(at.seccion)}` : '';
  return `${base}?${new URLSearchParams({ modulo: at.moduleId, leccion: at.lessonId })}${hash}`;
}

export function evaluationHref(courseId: string, moduleId: string) {
  return `/course/${encodeURIComponent(courseId)}?${new URLSearchParams({ modulo: moduleId, evaluacion: '1' })}`;
}
