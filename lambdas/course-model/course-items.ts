import type { ContentState, CourseMaterial, CourseMode, CourseState, FeedbackState, JobKind, JobResult, Level, LessonProgress, NumberedSource, Objective } from '../contract';
import type { BankQuestion } from '../shared/ai/schemas';

// The stored shape of course items (attributes besides pk/sk/gsi keys).

export interface OutlineLesson {
  lessonId: string;
  titulo: string;
  resumen: string;
  /** Ids of the module objectives it teaches (issue 32); absent on older courses (module-objectives.ts). */
  objetivos?: string[];
}
/** A module's plan, written with the outline; every lesson of the module follows it (absent on older courses). */
export interface ModulePlan {
  objetivos: string[];
  terminosClave: string[];
  conceptosErroneos: string[];
  ejemploConductor: string;
}
export interface OutlineModule {
  moduleId: string;
  titulo: string;
  descripcion: string;
  plan?: ModulePlan;
  /**
   * Issue 32: the module's objectives as data (contract/objectives.ts); `plan.objetivos` keeps their
   * statements for the lesson writer. Absent on older courses: one objective per lesson (module-objectives.ts).
   */
  objetivos?: Objective[];
  lecciones: OutlineLesson[];
  /**
   * Issue 42: shown while the outline streams before the rest of its plan (key terms, misconceptions,
   * running example) was written; its lessons start only once a later write completes `plan`.
   */
  planPendiente?: true;
}

export interface CourseItem {
  courseId: string;
  userId: string;
  jobId: string;
  topic: string;
  nivel: Level;
  titulo: string;
  descripcion: string;
  objetivos: string[];
  estado: CourseState;
  modo: CourseMode;
  error?: string;
  /** Times POST /courses/{id}/retry restarted it (at most plans.ts RETRIES_PER_COURSE). */
  reintentos?: number;
  /** What the learner asked for, kept so a failed course can be generated again as it was. */
  solicitud: { modulos: number; leccionesPorModulo: number; objetivos?: string[]; revisarTemario?: boolean };
  modulos: OutlineModule[];
  /** Issue 42: the outline is still being written (its modules are stored as they stream, outline-writes.ts); absent once complete. */
  temarioParcial?: boolean;
  /** Issue 42: the reviewed outline's modules may start their lessons (ReleaseModules, pipeline/module-slots.ts). */
  modulosLiberados?: boolean;
  /**
   * Issue 24: the learner's materials the course is built from (ids checked owned and `listo` when it
   * was planned; titles kept so the course view and the sources need no material read). Absent: a
   * course from the topic alone.
   */
  materiales?: CourseMaterial[];
  /** Issue 25 (docs/sharing.md): the public link while the owner shares the course (the SHARE# item holds the pointer back). */
  compartido?: { shareId: string; desde: string };
  /**
   * Issue 31: a member's copy of a course an aula assigned names that aula. It may be shared publicly
   * only while that aula allows it (`permiteCompartir`, docs/aulas.md): the content is the teacher's.
   */
  deAula?: string;
  /**
   * Issue 45: an aula copy's source, the teacher's course it copies (the aula's `cursos` name it). An LMS course's
   * aula routes a graded attempt to the line items of that course (lambdas/lms-grades), never another course's.
   */
  deCurso?: string;
  /** Copies other learners made of this course, across every link it had (ADD in each copy's transaction). */
  copias?: number;
  totalLecciones: number;
  /** Counter kept by progress writes (atomic ADD): the dashboard's percentage without reading lessons. */
  completadas: number;
  /** Same counter per module, keyed by moduleId; created with the outline. */
  completadasPorModulo?: Record<string, number>;
  ultimaLeccion?: { moduleId: string; lessonId: string };
  /**
   * Each touched lesson's progress, keyed `<moduleId>/<lessonId>` (progress-writes.ts): a progress
   * write updates this small map, never the lesson item with its content. Absent on courses nobody
   * has made progress in since; a lesson missing from it keeps the state on its lesson item.
   */
  progresoLecciones?: Record<string, LessonProgress>;
  tokensEntrada: number;
  tokensSalida: number;
  modelos?: Set<string> | string[];
  versionesPrompt?: Record<string, string>;
  createdAt: string;
  updatedAt: string;
}

export interface LessonItem {
  courseId: string;
  moduleId: string;
  lessonId: string;
  estado?: ContentState;
  contenido?: string;
  /** Grounded courses: the passages `contenido` cites as ` [n]` (every cita checked verbatim before it was stored). */
  fuentes?: NumberedSource[];
  progreso?: LessonProgress;
  generadaEn?: string;
  progresoEn?: string;
}

export interface EvaluationItem {
  courseId: string;
  moduleId: string;
  estado: ContentState;
  /** Changes with every new bank, so a variant drawn from an older bank is never graded. */
  version: string;
  /** The module's question bank (at least 10, checked and verified); never sent before a pass. */
  preguntas: BankQuestion[];
  /** The questions of the current attempt and each one's option order; a new one after every attempt. */
  variante?: EvaluationVariant;
  /**
   * `version` is the variant answered; `respuestas` in the bank's own option letters; `estados` the
   * state the result showed per objective id, once the learner model settled it (issue 41: the
   * Refuerzo guiado is written for those; absent, it re-reads the answers alone).
   */
  intentos?: { version: string; score: number; aprobado: boolean; fecha: string; respuestas: Record<string, string>; preguntas?: string[]; estados?: Record<string, FeedbackState> }[];
  /**
   * Hashes of the normalised stems of questions met long ago and dropped from `preguntas` by a
   * top-up (issue 20): a later top-up never brings one of them back under a new id.
   */
  enunciadosVistos?: string[];
  /**
   * An aula copy's bank (docs/evaluations.md "One bank, many accounts"): the teacher's course and
   * module it came from and the ids copied from it. Each of those ids is shown in a graded attempt
   * to one account at most (a claim in BANKCLAIMS#<courseId>#<moduleId>).
   */
  origen?: BankOrigin;
}

export interface BankOrigin {
  /** The owner of the source bank (whose own graded attempts met some of its questions). */
  userId: string;
  courseId: string;
  moduleId: string;
  /** The question ids the copy took from the source bank: the only ones claimed. */
  preguntas: string[];
}

export interface EvaluationVariant {
  id: string;
  /** The bank `version` it was drawn from. */
  bankVersion: string;
  /** `orden[i]` is the bank option shown as the i-th letter. */
  preguntas: { preguntaId: string; orden: number[] }[];
}

/** The variant in force, if it was drawn from the bank as it is now: the questions the learner has open. */
export const currentVariant = (e: EvaluationItem) => (e.variante?.bankVersion === e.version ? e.variante : undefined);

export interface JobItem {
  jobId: string;
  /** Absent on course jobs written before model jobs existed: they are all `curso`. */
  kind?: JobKind;
  /** The course worked on; empty for suggestions and diplomado plans. */
  courseId: string;
  userId: string;
  /** What a finished model job produced (a course job's result is its course). */
  result?: JobResult;
  status: 'en_proceso' | 'completado' | 'error';
  step: 'esquema' | 'contenido' | 'finalizando' | 'completado' | 'error';
  done: number;
  total: number;
  error?: string;
  costeEstimadoUSD?: number;
  /** Set while the pipeline waits for the learner's outline (issue 15): the course is `revisando_temario`. */
  revisandoTemario?: boolean;
  executionArn?: string;
  createdAt: string;
  updatedAt: string;
}
