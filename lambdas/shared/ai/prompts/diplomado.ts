import * as z from 'zod';
import { DIPLOMADO_SHAPE } from '../../../contract/diplomado-rules';
import { TUTOR_SYSTEM } from './shared';
import { MAX_TOKENS } from './max-tokens';

const str = (min: number, max: number) => z.string().trim().min(min).max(max);

// z.lazy: built on the first model call, not at every cold start (same JSON schema and parse).
export const diplomadoOutput = z.lazy(() =>
  z
    .object({
      titulo: str(3, 120),
      descripcion: str(10, 800),
      cursos: z
        .array(
          z
            .object({
              titulo: str(3, 110).describe('Título del curso; se usa como tema al generarlo'),
              descripcion: str(10, 600),
              objetivos: z.array(str(3, 200)).min(2).max(6),
              prerrequisitos: z.array(str(2, 200)).max(5).describe('Lo que hay que saber antes; el primer curso puede no tener'),
            })
            .strict(),
        )
        .min(DIPLOMADO_SHAPE.minCourses)
        .max(DIPLOMADO_SHAPE.maxCourses),
    })
    .strict(),
);
export type DiplomadoOutput = z.infer<typeof diplomadoOutput>;

export const diplomadoPrompt = {
  purpose: 'diplomado' as const,
  version: 'diplomado-v1',
  tool: 'registrar_diplomado',
  toolDescription: 'Registra el programa del diplomado: de 3 a 6 cursos en orden.',
  system: TUTOR_SYSTEM,
  maxTokens: MAX_TOKENS.diplomado,
  instructions: () =>
    `Diseña un diplomado sobre el tema y el nivel de los datos: un programa de ${DIPLOMADO_SHAPE.minCourses} a ` +
    `${DIPLOMADO_SHAPE.maxCourses} cursos en el orden en que deben estudiarse, de los fundamentos a la aplicación. ` +
    'Cada curso tiene un título preciso (que sirva como tema para generarlo), una descripción de dos o tres frases, ' +
    'de 2 a 6 objetivos concretos y sus prerrequisitos (cursos anteriores del programa o conocimientos previos). ' +
    'Los cursos no se solapan. Si hay un objetivo del alumno, el programa debe llevarle hasta él. Escribe también ' +
    'el título y una descripción del diplomado.',
  schema: diplomadoOutput,
};
