import type { CourseDetail } from '../../../../lambdas/contract/courses';
import { DemoBadge } from '../../components/demo-badge';
import { StateBadge } from './course-badges';
import { OutlineEditor } from './outline-editor';

/** The course page while its outline waits for the learner (state `revisando_temario`, issue 15). */
export function OutlineReviewView({ course, onConfirmed }: { course: CourseDetail; onConfirmed: () => void }) {
  return (
    <div className="mx-auto max-w-3xl">
      <title>{`${course.titulo} · Mentora`}</title>
      <header className="space-y-3">
        <div className="flex flex-wrap items-center gap-2">
          <StateBadge course={course} />
          {course.modo === 'demostracion' && <DemoBadge />}
        </div>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{course.titulo}</h1>
        {course.descripcion && <p className="text-slate-700">{course.descripcion}</p>}
      </header>
      <div className="mt-6">
        <OutlineEditor course={course} onConfirmed={onConfirmed} />
      </div>
    </div>
  );
}
