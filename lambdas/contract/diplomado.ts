import * as z from 'zod';
import { id, text } from './common';
import { courseTopic, level } from './courses';
import { DIPLOMADO_SHAPE } from './diplomado-rules';

// What the API answers about a diplomado lives in diplomado-views.ts: a bundle that only validates
// requests (the diplomado prompts) does not build the answer schemas.
export * from './diplomado-views';
// The programme's shape too: the diplomado prompts read it without building these request schemas.
export * from './diplomado-rules';

// The diplomado: a programme of 3-6 courses in order, each generated through the course pipeline.

export const diplomadoPlanRequest = z
  .object({ topic: courseTopic, level, objetivo: text('El objetivo', 300).optional() })
  .strict();
export type DiplomadoPlanRequest = z.infer<typeof diplomadoPlanRequest>;

const courseIndex = z
  .number({ error: 'El índice del curso debe ser un número' })
  .int('El índice del curso debe ser un número entero')
  .min(0, 'El índice del curso no es válido')
  .max(DIPLOMADO_SHAPE.maxCourses - 1, 'El índice del curso no es válido');

/** One course by `index`, or every course not generated yet with `todos: true`. */
export const diplomadoCourseRequest = z
  .object({
    diplomadoId: id('El diplomado'),
    index: courseIndex.optional(),
    todos: z.literal(true, { error: 'todos solo puede ser verdadero' }).optional(),
  })
  .strict()
  .refine((r) => (r.index === undefined) !== (r.todos === undefined), 'Indica el índice del curso o todos: true, no ambos');
export type DiplomadoCourseRequest = z.infer<typeof diplomadoCourseRequest>;
