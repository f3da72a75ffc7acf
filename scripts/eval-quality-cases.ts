import type { Level } from '../lambdas/contract';
import type { Address } from './eval-quality-metrics';

// The fixed cases of `npm run eval:quality`: technical and non-technical topics at every level.
// Fixed on purpose: a change in the figures is a change in the prompts or the model, not the cases.

export interface QualityCase {
  topic: string;
  level: Level;
  technical: boolean;
  /**
   * A featured topic (infra/local/showcase/): the offline writer serves its team-written course, so the
   * content thresholds judge it on every run. Other topics on the offline writer are demonstration
   * content (templated, labelled as such): their figures are shown, not judged; under a real model every case is judged.
   */
  featured?: boolean;
  /** The form of address the learner asked for (profile setting); tú when absent. */
  tratamiento?: Address;
}

export const QUALITY_CASES: QualityCase[] = [
  { topic: 'Fotografía digital', level: 'principiante', technical: false, featured: true },
  { topic: 'Python', level: 'principiante', technical: true },
  { topic: 'Introducción a la programación con Python', level: 'principiante', technical: true, featured: true },
  { topic: 'SQL y bases de datos relacionales', level: 'intermedio', technical: true },
  { topic: 'Kubernetes en producción', level: 'avanzado', technical: true },
  { topic: 'Git y control de versiones', level: 'principiante', technical: true },
  { topic: 'Redes de computadoras', level: 'intermedio', technical: true },
  { topic: 'Criptografía aplicada', level: 'avanzado', technical: true },
  { topic: 'Estadística descriptiva', level: 'intermedio', technical: true },
  { topic: 'Fotografía', level: 'principiante', technical: false },
  { topic: 'Historia de la antigua Roma', level: 'intermedio', technical: false, featured: true },
  { topic: 'Finanzas personales', level: 'principiante', technical: false },
  { topic: 'Cocina mediterránea', level: 'intermedio', technical: false },
  { topic: 'Teoría musical', level: 'avanzado', technical: false },
  { topic: 'Oratoria y hablar en público', level: 'avanzado', technical: false },
  { topic: 'Primeros auxilios', level: 'principiante', technical: false },
];

/** The course shape of every case: small enough for a real model's bill, big enough to see the plan at work. */
export const CASE_SHAPE = { modulos: 2, leccionesPorModulo: 3 };
