import type { SharedCourse } from '../contract';
import type { CourseItems } from '../course-model';

// The public page's course, built field by field from the owner's items: a new attribute on a course
// or lesson item (progress, usage, sources, the owner's id) never reaches a stranger by accident.

export function toSharedCourse(shareId: string, { course, lessons }: CourseItems): SharedCourse {
  const text = new Map(lessons.filter((l) => l.estado === 'lista' && l.contenido).map((l) => [`${l.moduleId}/${l.lessonId}`, l.contenido as string]));
  const modulos = course.modulos.map((m) => ({
    moduleId: m.moduleId,
    titulo: m.titulo,
    descripcion: m.descripcion,
    ...(m.plan && { objetivos: m.plan.objetivos }),
    lecciones: m.lecciones
      .filter((l) => text.has(`${m.moduleId}/${l.lessonId}`))
      .map((l) => ({ lessonId: l.lessonId, titulo: l.titulo, resumen: l.resumen, contenido: text.get(`${m.moduleId}/${l.lessonId}`) as string })),
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
