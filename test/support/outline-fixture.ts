import { invoke } from './invoke';
import { finishedJob, smallCourse } from './learners';

// A course started with "Revisar el temario antes de generar": the pipeline writes the outline
// and waits (OutlineReview, a task token) until the learner confirms it (issue 15).

/** Starts a course with the review and waits, bounded, until it shows `revisando_temario`. */
export async function courseInReview(userId: string, body: Record<string, unknown> = smallCourse, ms = 60_000) {
  const plan = await invoke('POST /courses/plan', { userId, body: { ...body, revisarTemario: true } });
  if (plan.status !== 200) throw new Error(`plan answered ${plan.status}: ${JSON.stringify(plan.body)}`);
  const courseId = plan.body.curso.courseId as string;
  const until = Date.now() + ms;
  for (;;) {
    const course = (await invoke('GET /courses/{id}', { userId, params: { id: courseId } })).body.data;
    if (course?.estado === 'revisando_temario') return { courseId, jobId: plan.body.jobId as string, course };
    if (course?.estado !== 'generando' || Date.now() > until) throw new Error(`course never waited for its outline: ${JSON.stringify(course)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The learner's edit: the first module renamed, the first module's last lesson removed. */
export function renameAndDrop(course: { modulos: { moduleId: string; titulo: string; lecciones: { lessonId: string; titulo: string }[] }[] }, newTitle: string) {
  return {
    modulos: course.modulos.map((m, i) => ({
      moduleId: m.moduleId,
      titulo: i === 0 ? newTitle : m.titulo,
      lecciones: (i === 0 ? m.lecciones.slice(0, -1) : m.lecciones).map((l) => ({ lessonId: l.lessonId, titulo: l.titulo })),
    })),
  };
}

export { finishedJob };
