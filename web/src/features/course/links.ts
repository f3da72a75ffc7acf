/** Where a lesson lives: /course/:courseId?modulo=…&leccion=… (also the dashboard's "Continuar"). */
export function lessonHref(courseId: string, at?: { moduleId: string; lessonId: string }) {
  const base = `/course/${encodeURIComponent(courseId)}`;
  return at ? `${base}?${new URLSearchParams({ modulo: at.moduleId, leccion: at.lessonId })}` : base;
}

export function evaluationHref(courseId: string, moduleId: string) {
  return `/course/${encodeURIComponent(courseId)}?${new URLSearchParams({ modulo: moduleId, evaluacion: '1' })}`;
}
