import * as z from 'zod';
import { COURSE_MODES, level } from './course-terms';
import { numberedSource } from './sources';

// Sharing a course by link (issue 25 part 1, docs/sharing.md): the owner publishes a `listo` course
// under an unguessable id, anyone with the link reads its outline and lessons signed out, and a
// signed-in learner copies it into their own courses without any model call.

/** 16 random bytes in base64url: 22 characters, 128 bits. Anything else is not a link we made. */
export const SHARE_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** The one answer for a share that was withdrawn or never existed: they are not told apart. */
export const SHARE_NOT_FOUND = 'Este enlace ya no está disponible.';

/** The SPA's page for a share (its own file, so using it builds none of the schemas below). */
export { sharePath } from './share-path';

/** What the owner sees of their course's link (POST answers it; the course view carries it as `compartido`). */
export const courseShare = z.object({
  shareId: z.string(),
  /** The public page, relative to the site (`/compartido/<shareId>`). */
  url: z.string(),
  /** Copies made of this course by other learners, across every link it has had. */
  copias: z.number().int(),
});
export type CourseShare = z.infer<typeof courseShare>;

const sharedLesson = z.object({
  lessonId: z.string(),
  titulo: z.string(),
  resumen: z.string(),
  /** Markdown. */
  contenido: z.string(),
  /** A grounded lesson's sources (issue 24): quote and page, never the author's material id or title. */
  fuentes: z.array(numberedSource).optional(),
});

/**
 * The public page's course: outline and lessons only. Never the owner (no id, name or email), their
 * progress, evaluations, answers or usage; tests assert on the whole JSON.
 */
export const sharedCourse = z.strictObject({
  shareId: z.string(),
  titulo: z.string(),
  descripcion: z.string(),
  topic: z.string(),
  nivel: level,
  modo: z.enum(COURSE_MODES),
  objetivos: z.array(z.string()),
  totalLecciones: z.number().int(),
  modulos: z.array(z.strictObject({
    moduleId: z.string(),
    titulo: z.string(),
    descripcion: z.string(),
    objetivos: z.array(z.string()).optional(),
    lecciones: z.array(sharedLesson.strict()),
  })),
});
export type SharedCourse = z.infer<typeof sharedCourse>;
