import * as z from 'zod';
import { BLOOM_LEVELS, COURSE_SHAPE, level, OBJECTIVE_ID, OBJECTIVE_RULES, type BloomLevel, type MaterialSource } from '../../contract';

// What each model call must return. The Converse tool's input schema is generated from these
// (z.toJSONSchema), and the answer is validated against the same schema: one definition, no drift.
// Each is z.lazy: built on its first model call rather than at module load, so a Lambda's cold
// start does not build the schemas of calls it may never make (npm run bench lambda-bundles); the
// JSON schema and the parse are the same as the eager schema's.

const str = (min: number, max: number) => z.string().trim().min(min).max(max);
// Objectives as data (contract/objectives.ts): ids the model writes, checked and renumbered in code.
const objectiveRef = () => z.string().trim().regex(OBJECTIVE_ID);
const bloom = () => z.enum(BLOOM_LEVELS).describe('Nivel de Bloom: recordar, comprender, aplicar, analizar, evaluar o crear');

export const suggestionsOutput = z.lazy(() =>
  z
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
    .strict(),
);

// One module of the outline, validated alone while the outline streams (pipeline/outline-stream.ts)
// and as part of the whole answer: one definition for both.
const outlineModuleShape = () =>
  z
    .object({
      titulo: str(3, 120),
      descripcion: str(10, 600),
      // The module's plan: every lesson of the module is written from it (prompts/lesson.ts).
      objetivos: z
        .array(z.object({ id: objectiveRef().describe('o1, o2… en orden'), enunciado: str(5, 200).describe('Medible: empieza por un verbo observable'), bloom: bloom() }).strict())
        .min(OBJECTIVE_RULES.minPerModule)
        .max(OBJECTIVE_RULES.maxPerModule)
        .describe('Lo que el alumno sabrá hacer al terminar el módulo'),
      lecciones: z
        .array(
          z
            .object({
              titulo: str(3, 120),
              resumen: str(10, 400),
              objetivos: z.array(objectiveRef()).min(1).max(OBJECTIVE_RULES.maxPerModule).describe('Los id de los objetivos del módulo que enseña esta lección'),
            })
            .strict(),
        )
        .min(COURSE_SHAPE.minLessons)
        .max(COURSE_SHAPE.maxLessons),
      // The rest of the plan after the lessons (esquema-v5): the module is shown once the fields above
      // are complete (outlineModuleVisibleOutput), ≈ 74 tokens sooner in the offline writer's outline;
      // its lessons start only when these are complete too (pipeline/outline-stream.ts).
      terminosClave: z.array(str(2, 80)).min(3).max(10).describe('Términos que el módulo define y usa'),
      conceptosErroneos: z.array(str(5, 240)).min(1).max(5).describe('Ideas equivocadas frecuentes que el módulo corrige'),
      ejemploConductor: str(10, 400).describe('Un ejemplo o caso que recorre todas las lecciones del módulo'),
    })
    .strict();
export const outlineModuleOutput = z.lazy(outlineModuleShape);
/** What a learner sees of a module (title, description, objectives, lessons), checked by the same rules as the whole module's. */
export const outlineModuleVisibleOutput = z.lazy(() => outlineModuleShape().pick({ titulo: true, descripcion: true, objetivos: true, lecciones: true }).strict());
export type OutlineModuleVisibleOutput = z.infer<typeof outlineModuleVisibleOutput>;
export type OutlineModuleOutput = z.infer<typeof outlineModuleOutput>;

// The course's own fields, checked alone too: a model that writes them before the modules has them
// stored with the first module (pipeline/outline-stream.ts).
const outlineHeaderShape = () => ({ titulo: str(3, 120), descripcion: str(10, 800), objetivos: z.array(str(3, 200)).min(2).max(8) });
export const outlineHeaderOutput = z.lazy(() => z.object(outlineHeaderShape()));

// The modules come first in the tool's schema (and the prompt asks for them first): the first module is
// complete ≈ 110 tokens sooner (≈ 0.5 s on Nova Lite), the last one too; the course's title, description
// and objectives are written last, and the page shows the learner's topic until then (issue 42).
export const outlineOutput = z.lazy(() =>
  z
    .object({
      modulos: z.array(outlineModuleShape()).min(COURSE_SHAPE.minModules).max(COURSE_SHAPE.maxModules),
      ...outlineHeaderShape(),
    })
    .strict(),
);
export type Outline = z.infer<typeof outlineOutput>;

/** A lesson in named sections (rendered to Markdown by ./lesson-markdown.ts), so its structure is checked, not hoped for. */
const lessonShape = () =>
  z
    .object({
      objetivos: z.array(str(5, 200)).min(2).max(5).describe('Lo que el alumno sabrá hacer al terminar la lección'),
      introduccion: str(40, 1500).describe('Uno o dos párrafos que conectan con la lección anterior y presentan esta'),
      explicacion: z
        .array(z.object({ subtitulo: str(3, 120), texto: str(80, 8000).describe('Markdown') }).strict())
        .min(2)
        .max(6)
        .describe('La explicación, en apartados con subtítulo'),
      ejemploResuelto: z
        .object({ titulo: str(3, 120), planteamiento: str(20, 2000), desarrollo: str(80, 8000).describe('Markdown, paso a paso') })
        .strict(),
      ejercicio: z.object({ enunciado: str(20, 2000), solucion: str(40, 6000).describe('Markdown, razonada') }).strict(),
      autoevaluacion: z
        .array(z.object({ pregunta: str(10, 400), respuesta: str(5, 800) }).strict())
        .min(2)
        .max(3)
        .describe('Preguntas breves para que el alumno compruebe lo que ha entendido'),
      resumen: z.array(str(5, 300)).min(3).max(7).describe('Los puntos clave de la lección'),
    })
    .strict();
export const lessonOutput = z.lazy(lessonShape);
export type LessonOutput = z.infer<typeof lessonOutput>;

/** A lesson written from the learner's material (issue 24): the same sections, and the quote behind each ` [n]` (checked in code, citations.ts). */
export const groundedLessonOutput = z.lazy(() =>
  lessonShape()
    .extend({
      fuentes: z
        .array(
          z
            .object({
              n: z.number().int().min(1).describe('El número "n" del pasaje citado, el mismo que la marca [n] del texto'),
              cita: str(8, 400).describe('Palabras copiadas literalmente de ese pasaje que respaldan lo que el texto afirma'),
            })
            .strict(),
        )
        .max(12)
        .describe('Una entrada por cada pasaje que el texto cita con [n]'),
    })
    .strict(),
);
export type GroundedLessonOutput = z.infer<typeof groundedLessonOutput>;

/** Questions for a module's bank, each resting on one sentence of one lesson (checked in code). */
export const evaluationOutput = z.lazy(() =>
  z
    .object({
      preguntas: z
        .array(
          z
            .object({
              lessonId: str(1, 20).describe('El lessonId de la lección en la que se basa la pregunta'),
              objetivoId: objectiveRef().describe('El id del objetivo del módulo que mide (o1, o2…)'),
              bloom: bloom(),
              fuente: str(20, 400).describe('Una frase copiada literalmente de esa lección en la que se apoya la respuesta'),
              enunciado: str(5, 600),
              opciones: z
                .array(
                  z
                    .object({
                      texto: str(1, 300),
                      explicacion: str(5, 500).describe('Por qué esta opción es correcta o incorrecta'),
                      conceptoErroneo: str(5, 240).optional().describe('Solo en las incorrectas: la idea equivocada que revela elegirla, en lenguaje llano'),
                    })
                    .strict(),
                )
                .length(4)
                .describe('Cuatro opciones, en el orden A, B, C, D'),
              correcta: z.enum(['A', 'B', 'C', 'D']),
            })
            .strict(),
        )
        .min(1)
        .max(20),
    })
    .strict(),
);
export type EvaluationOutput = z.infer<typeof evaluationOutput>;
export type GeneratedQuestion = EvaluationOutput['preguntas'][number];

/**
 * A question as stored in a module's bank: options as text, the key placed by code. The lesson,
 * objective, source and per-option explanations are absent only on evaluations written before them.
 */
export interface BankQuestion {
  preguntaId: string;
  lessonId?: string;
  /** Free text, on questions written before objectives were data (their objective is their lesson's). */
  objetivo?: string;
  /** The module objective it measures (contract/objectives.ts); absent on older questions. */
  objetivoId?: string;
  bloom?: BloomLevel;
  /** Per option (same order as `opciones`), the misconception choosing it reveals; '' for the right one. Never sent before a pass except by name (grading.ts). */
  conceptosErroneos?: string[];
  /** The lesson sentence the answer rests on; occurs in that lesson's text. */
  fuente?: string;
  /** The heading of the lesson section holding `fuente`, when there is one. */
  seccion?: string;
  /**
   * Grounded courses (issue 24): the passage of the learner's material that `fuente` cites (its ` [n]`
   * resolved through the lesson's checked fuentes). Shown with the graded answer, never before.
   */
  material?: MaterialSource;
  enunciado: string;
  opciones: string[];
  /** Why each option (same order as `opciones`) is right or wrong; shown only after a pass. */
  explicaciones?: string[];
  correcta: 'A' | 'B' | 'C' | 'D';
  /** Why the correct option is right. */
  explicacion: string;
  /** Withdrawn after learners' reports or its statistics (issue 20): never drawn again, kept for old attempts. */
  retirada?: true;
}

/**
 * The verifier's verdict on each question it was shown, by position. It is never shown the key:
 * `respuesta` is its own answer, which must equal the writer's key for the question to be kept.
 */
export const verifierOutput = z.lazy(() =>
  z
    .object({
      veredictos: z
        .array(
          z
            .object({
              indice: z.number().int().min(0).describe('Posición de la pregunta en la lista recibida, desde 0'),
              respuesta: z.enum(['A', 'B', 'C', 'D']).describe('La opción que respondes tú, como experto, según la fuente'),
              opcionesDefendibles: z.array(z.enum(['A', 'B', 'C', 'D'])).max(4).describe('Las opciones que un experto podría defender como correctas'),
              enunciadoDelata: z.boolean().describe('Verdadero si el enunciado deja ver la respuesta'),
              valida: z.boolean().describe('Verdadero si la pregunta está bien construida: una sola opción defendible, sin pistas ni opciones comodín'),
              motivo: str(1, 300),
            })
            .strict(),
        )
        .max(20),
    })
    .strict(),
);
export type VerifierOutput = z.infer<typeof verifierOutput>;
