import * as z from 'zod';
import { DIAGRAM_LIMITS, DIAGRAM_TYPES } from '../../../contract/diagram-limits';
import { DIAGRAM_SHAPE } from './diagrams';
import { TUTOR_SYSTEM } from './shared';
import { MAX_TOKENS } from './max-tokens';

// Issue 43: the diagram repair turn's prompt (lambdas/shared/ai/diagram-repair.ts). Apart from the
// prompts index, so only the Lambdas that write lessons carry it.

const L = DIAGRAM_LIMITS;

// The answer's schema is looser than the contract's on purpose: any diagram-shaped answer is taken,
// and the contract's own validator judges each one (a diagram still failing is dropped, not asked for
// again). The JSON schema the model is shown still names every field.
const repairedDiagram = () =>
  z.object({
    tipo: z.string().describe(DIAGRAM_TYPES.join(' | ')),
    titulo: z.string(),
    descripcion: z.string(),
    nodos: z.array(z.object({ id: z.string(), texto: z.string(), columna: z.string().optional().describe('"a" o "b", solo en una comparación') })),
    aristas: z.array(z.object({ de: z.string(), a: z.string() })).optional().describe('Solo en una jerarquía'),
  });

export const diagramRepairOutput = z.lazy(() =>
  z.object({
    diagramas: z
      .array(z.object({ n: z.number().int().min(1).describe('El "n" del diagrama corregido'), diagrama: repairedDiagram() }))
      .max(L.porLeccion)
      .describe('Los diagramas corregidos; uno que no tenga arreglo no se devuelve'),
  }),
);
export type DiagramRepairOutput = z.infer<typeof diagramRepairOutput>;

export const diagramRepairPrompt = {
  // The lesson's own model and fallbacks: the repair is part of writing the lesson.
  purpose: 'lesson' as const,
  version: 'diagramas-v1',
  tool: 'corregir_diagramas',
  toolDescription: 'Registra los diagramas de la lección corregidos, cada uno con su número.',
  system: TUTOR_SYSTEM,
  // Two diagrams of twelve short nodes and a description: about 1,000 tokens.
  maxTokens: MAX_TOKENS.diagramRepair,
  instructions: () =>
    'Los datos traen, en "diagramas", diagramas de la lección "leccion" que no superan la validación: cada uno con su ' +
    'número ("n"), el texto de su bloque tal como se escribió ("bloque") y los problemas que encontró el validador ' +
    '("problemas"). Devuelve cada diagrama corregido con su mismo "n": el objeto completo, que resuelva todos sus ' +
    'problemas y enseñe lo mismo (acorta los textos, quita o reparte nodos, corrige los id o el tipo). Si un diagrama ' +
    `no tiene arreglo, no lo devuelvas. ${DIAGRAM_SHAPE} Todo en español.`,
  schema: diagramRepairOutput,
};
