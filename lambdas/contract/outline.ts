import * as z from 'zod';
import { text } from './common';
import { COURSE_SHAPE } from './courses';

// Editing the outline before the lessons are written (issue 15): with `revisarTemario` in
// POST /courses/plan the pipeline stops after the outline (course state `revisando_temario`) and
// waits, up to OUTLINE_REVIEW.timeoutHours, for PUT /courses/{id}/outline. docs/pipeline.md

export const OUTLINE_REVIEW = { timeoutHours: 24 } as const;

/** The course's state label in the web. */
export const REVIEW_STATE_LABEL = 'Revisando temario';

const lessonEdit = z
  .object({
    /** The lesson it was (keeps its summary); absent for a lesson the learner added. */
    lessonId: z.string({ error: 'La lección no es válida' }).regex(/^l\d{2}$/, 'La lección no es válida').optional(),
    titulo: text('El título de la lección', 160, 3),
  })
  .strict();

const moduleEdit = z
  .object({
    /** The module it was (keeps its description and plan); absent for a module the learner added. */
    moduleId: z.string({ error: 'El módulo no es válido' }).regex(/^m\d{2}$/, 'El módulo no es válido').optional(),
    titulo: text('El título del módulo', 160, 3),
    lecciones: z
      .array(lessonEdit, { error: 'Las lecciones deben ser una lista' })
      .min(COURSE_SHAPE.minLessons, `Cada módulo debe tener al menos ${COURSE_SHAPE.minLessons} lecciones`)
      .max(COURSE_SHAPE.maxLessons, `Cada módulo puede tener como máximo ${COURSE_SHAPE.maxLessons} lecciones`),
  })
  .strict();

/** PUT /courses/{id}/outline: the whole outline, in the learner's order; ids are given again by position. */
export const outlineEdit = z
  .object({
    modulos: z
      .array(moduleEdit, { error: 'Los módulos deben ser una lista' })
      .min(COURSE_SHAPE.minModules, `El curso debe tener al menos ${COURSE_SHAPE.minModules} módulos`)
      .max(COURSE_SHAPE.maxModules, `El curso puede tener como máximo ${COURSE_SHAPE.maxModules} módulos`),
  })
  .strict()
  .superRefine((o, ctx) => {
    const modules = o.modulos.map((m) => m.moduleId).filter(Boolean);
    if (new Set(modules).size !== modules.length) ctx.addIssue({ code: 'custom', message: 'Un módulo aparece dos veces en el temario' });
    for (const m of o.modulos) {
      const lessons = m.lecciones.map((l) => l.lessonId).filter(Boolean);
      if (new Set(lessons).size !== lessons.length) ctx.addIssue({ code: 'custom', message: `Una lección aparece dos veces en el módulo «${m.titulo}»` });
    }
  });
export type OutlineEdit = z.infer<typeof outlineEdit>;
