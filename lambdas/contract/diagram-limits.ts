// Issue 43: the diagram types and readable limits, apart from the schema (contract/diagrams.ts) and
// with no import: the prompts that describe a diagram to the model (lambdas/shared/ai/prompts/diagrams.ts)
// read them without building the validator at every Lambda's cold start.

export const DIAGRAM_TYPES = ['proceso', 'ciclo', 'jerarquia', 'comparacion', 'linea_de_tiempo'] as const;
export type DiagramType = (typeof DIAGRAM_TYPES)[number];

/** Readable limits: a box holds about three short lines at 390 px; more than 12 boxes is a wall, not a picture. */
export const DIAGRAM_LIMITS = { porLeccion: 2, nodos: 12, minNodos: 2, texto: 48, titulo: 90, descripcion: 600 } as const;
