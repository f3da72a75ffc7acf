import * as z from 'zod';
import { COURSE_SHAPE, level } from '../../contract';

// What each model call must return. The Converse tool's input schema is generated from these
// (z.toJSONSchema), and the answer is validated against the same schema: one definition, no drift.

const str = (min: number, max: number) => z.string().trim().min(min).max(max);

export const suggestionsOutput = z
  .object({
    sugerencias: z
      .array(
        z
          .object({
            titulo: str(3, 120),
            descripcion: str(10, 600),
            nivel: level,
            duracionEstimada: str(2, 40).describe('Por ejemplo "6 horas" o "3 semanas"'),
            aprenderas: z.array(str(3, 200)).min(3).max(6),
          })
          .strict(),
      )
      .min(3)
      .max(6),
  })
  .strict();

export const outlineOutput = z
  .object({
    titulo: str(3, 120),
    descripcion: str(10, 800),
    objetivos: z.array(str(3, 200)).min(2).max(8),
    modulos: z
      .array(
        z
          .object({
            titulo: str(3, 120),
            descripcion: str(10, 600),
            lecciones: z
              .array(z.object({ titulo: str(3, 120), resumen: str(10, 400) }).strict())
              .min(COURSE_SHAPE.minLessons)
              .max(COURSE_SHAPE.maxLessons),
          })
          .strict(),
      )
      .min(COURSE_SHAPE.minModules)
      .max(COURSE_SHAPE.maxModules),
  })
  .strict();
export type Outline = z.infer<typeof outlineOutput>;

export const lessonOutput = z
  .object({ contenido: str(200, 40000).describe('La lección completa en Markdown') })
  .strict();

export const evaluationOutput = z
  .object({
    preguntas: z
      .array(
        z
          .object({
            enunciado: str(5, 600),
            opciones: z.array(str(1, 300)).length(4).describe('Cuatro opciones, en el orden A, B, C, D'),
            correcta: z.enum(['A', 'B', 'C', 'D']),
            explicacion: str(5, 800),
          })
          .strict(),
      )
      .min(4)
      .max(10),
  })
  .strict();
export type EvaluationOutput = z.infer<typeof evaluationOutput>;
