import { authorSource, type SharedCourse } from '../contract';
import type { CourseItems } from '../course-model';

// The public page's course, built field by field from the owner's items: a new attribute on a course
// or lesson item (progress, usage, sources, the owner's id) never reaches a stranger by accident.

export function toSharedCourse(shareId: string, { course, lessons }: CourseItems): SharedCourse {
  const written = new Map(lessons.filter((l) => l.estado === 'lista' && l.contenido).map((l) => [`${l.moduleId}/${l.lessonId}`, l]));
  const modulos = course.modulos.map((m) => ({
    moduleId: m.moduleId,
    titulo: m.titulo,
    descripcion: m.descripcion,
    ...(m.plan && { objetivos: m.plan.objetivos }),
    lecciones: m.lecciones
      .flatMap((l) => {
        const lesson = written.get(`${m.moduleId}/${l.lessonId}`);
        if (!lesson) return [];
        // A grounded lesson keeps its sources, so its [n] marks still open a quote and its page.
        const fuentes = lesson.fuentes?.length ? { fuentes: lesson.fuentes.map(authorSource) } : {};
        return [{ lessonId: l.lessonId, titulo: l.titulo, resumen: l.resumen, contenido: lesson.contenido as string, ...fuentes }];
      }),
  }));
  return {
    shareId,
    titulo: course.titulo,
    descripcion: course.descripcion,
    topic: course.topic,
    nivel: course.nivel,
    modo: course.modo,
    objetivos: course.objetivos ?? [],
    totalLecciones: modulos.reduce((n, m) => n + m.lecciones.length, 0),
    modulos,
  };
}
