import { useCallback, useEffect, useRef, useState } from 'react';
import type { CourseDetail } from '../../../../lambdas/contract/courses';
import type { FinishMoment } from './celebration';
import { courseFinished, moduleDone } from './course-state';

/**
 * The moment a module or the course becomes finished on this page (a lesson marked done, an
 * evaluation passed), found by comparing the course before and after: arriving at a course that
 * was already finished is not a moment. The course wins over its last module.
 */
export function useFinishMoments(course: CourseDetail | undefined, certificate?: string) {
  const before = useRef<CourseDetail | undefined>(undefined);
  const [moment, setMoment] = useState<FinishMoment>();
  useEffect(() => {
    const prev = before.current;
    before.current = course;
    if (!course || !prev || prev.courseId !== course.courseId) return;
    if (!courseFinished(prev) && courseFinished(course)) return setMoment({ kind: 'curso', titulo: course.titulo });
    const wasDone = new Set(prev.modulos.filter(moduleDone).map((m) => m.moduleId));
    const done = course.modulos.find((m) => moduleDone(m) && !wasDone.has(m.moduleId));
    if (done) setMoment({ kind: 'modulo', titulo: done.titulo });
  }, [course]);
  const close = useCallback(() => setMoment(undefined), []);
  return { moment: moment && moment.kind === 'curso' ? { ...moment, certificado: certificate } : moment, close };
}
