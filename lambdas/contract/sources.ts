import * as z from 'zod';

// Sources of grounded content (issue 24 part 2, docs/materials.md "Grounding"): where a lesson's,
// a tutor answer's or an evaluation question's claim comes from in the learner's own material.
// `cita` is a verbatim quote (a substring, whitespace aside) of the passage on that page; the server
// checks it before anything is stored or sent, so a mark never points at text the page lacks.

/** One cited passage: the learner's material, its page and the quoted words. */
export const materialSource = z.object({
  materialId: z.string(),
  titulo: z.string(),
  pagina: z.number().int(),
  cita: z.string(),
});
export type MaterialSource = z.infer<typeof materialSource>;

/** A numbered source: the text marks its claim with ` [n]` right after it. */
export const numberedSource = materialSource.extend({ n: z.number().int().min(1) });
export type NumberedSource = z.infer<typeof numberedSource>;

/**
 * How a copied or publicly shared lesson names a source: the material is the author's own document,
 * so neither its id nor its title travels (a title can name a person); the quote and its page do, so
 * every claim stays checkable (docs/sharing.md).
 */
export const AUTHOR_SOURCE_TITLE = 'Material del autor del curso';

/** A source as a reader who is not the material's owner sees it: quote and page, no id, no title. */
export const authorSource = <T extends MaterialSource>(s: T): T => ({ ...s, materialId: '', titulo: AUTHOR_SOURCE_TITLE });

/** The materials a grounded course was built from. */
export const courseMaterial = z.object({ materialId: z.string(), titulo: z.string() });
export type CourseMaterial = z.infer<typeof courseMaterial>;

/** Materials one course may be built from (POST /courses/plan `materiales`). */
export const COURSE_MATERIALS_MAX = 5;
