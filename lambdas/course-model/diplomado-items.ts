import type { Level } from '../contract';

// A diplomado is one item in its learner's partition: (USER#<sub>, DIPLOMADO#<id>), its courses in
// order inside it. Its shape is part of the course model because two rooms read it: diplomado (which
// writes it, lambdas/diplomado/diplomado-store.ts) and certificates (a diplomado's certificate).

export interface DiplomadoCourseSlot {
  titulo: string;
  descripcion: string;
  objetivos: string[];
  prerrequisitos: string[];
  courseId?: string;
  jobId?: string;
  /** Set while a request is starting this course's generation. */
  solicitadoEn?: string;
  error?: string;
}

export interface DiplomadoItem {
  diplomadoId: string;
  userId: string;
  titulo: string;
  descripcion: string;
  topic: string;
  nivel: Level;
  objetivo?: string;
  modo: 'ia' | 'demostracion';
  cursos: DiplomadoCourseSlot[];
  promptVersion: string;
  createdAt: string;
  updatedAt: string;
}

export const DIPLOMADO_PREFIX = 'DIPLOMADO#';
