import * as z from 'zod';
import { id, text } from './common';
import { courseIdSchema } from './course-rules';

// Social: learners find each other by topic and connect. Everything here is what one learner may
// see of another: a public projection chosen field by field (never email, plan, bio, tokens or payments).
// docs/data-model.md ("Social") lists the keys behind each route.

/** Limits of the social routes; the daily request limit can be lowered per environment (SOCIAL_DAILY_REQUESTS). */
export const SOCIAL_LIMITS = { requestsPerDay: 20, defaultPageSize: 12, maxPageSize: 50 };

/** The one way topics are compared (its own file, so using it builds none of the schemas below). */
export { normalizeTopic } from './topics';

/** A learner as the community sees them. */
export const publicProfile = z.object({
  userId: z.string(),
  nombre: z.string(),
  /**
   * A short public handle that tells namesakes apart (issue 34): the name's letters and a tag fixed by
   * the account id (`ana-garcia-7k3f`), never the email. The tag stays when the name changes.
   */
  alias: z.string(),
  intereses: z.array(z.string()),
  /** Topics of the learner's courses. */
  temas: z.array(z.string()),
  cursos: z.number(),
  leccionesCompletadas: z.number(),
  /** ISO date the learner joined. */
  miembroDesde: z.string(),
});
export type PublicProfile = z.infer<typeof publicProfile>;

/** How the caller and another learner relate. */
export const connectionState = z.enum(['ninguna', 'enviada', 'recibida', 'conectado']);
export type ConnectionState = z.infer<typeof connectionState>;

export const learnerCard = publicProfile.extend({
  /** Topics the card's learner shares with the caller (their labels). */
  enComun: z.array(z.string()),
  conexion: connectionState,
});
export type LearnerCard = z.infer<typeof learnerCard>;

const cursor = z.string().max(512, 'El cursor no es válido').optional();
const limit = z.coerce
  .number({ error: 'El límite debe ser un número' })
  .int('El límite debe ser un número entero')
  .min(1, 'El límite debe ser al menos 1')
  .max(SOCIAL_LIMITS.maxPageSize, `El límite no puede superar ${SOCIAL_LIMITS.maxPageSize}`)
  .optional();

export const suggestionsQuery = z.object({ cursor, limit });
export const searchQuery = z.object({ topic: text('El tema', 120), cursor, limit });
export type PageQuery = z.infer<typeof suggestionsQuery>;

export const learnersPage = z.object({
  success: z.literal(true),
  data: z.object({ items: z.array(learnerCard), cursor: z.string().nullable() }),
});
export type LearnersPage = z.infer<typeof learnersPage>['data'];

export const connectionRequest = z.object({ userId: id('La persona') }).strict();
export type ConnectionRequest = z.infer<typeof connectionRequest>;

export const connectionResult = z.object({
  success: z.literal(true),
  data: z.object({ userId: z.string(), estado: z.enum(['pendiente', 'conectado', 'ninguna']) }),
  message: z.string(),
});
export type ConnectionResult = z.infer<typeof connectionResult>['data'];

export const connectionEntry = z.object({
  perfil: publicProfile,
  desde: z.string(),
  /** On a connection: how many courses they sent the caller (issue 34). */
  cursosRecibidos: z.number().int().optional(),
});
export type ConnectionEntry = z.infer<typeof connectionEntry>;

export const connectionsResponse = z.object({
  success: z.literal(true),
  data: z.object({
    recibidas: z.array(connectionEntry),
    enviadas: z.array(connectionEntry),
    conexiones: z.array(connectionEntry),
  }),
});
export type Connections = z.infer<typeof connectionsResponse>['data'];

// Issue 34: something to do with a connection. A learner sends one of their courses to a connection;
// it travels as the course's share link (lambdas/sharing, docs/sharing.md), so the receiver reads it
// and copies it by the one copy path there is. docs/social.md.

export const courseSendRequest = z.object({ courseId: courseIdSchema }).strict();
export type CourseSendRequest = z.infer<typeof courseSendRequest>;

/** A course sent between two connections: what both may see of it (never the sender's course id). */
export const sentCourse = z.object({
  shareId: z.string(),
  /** The shared page, relative to the site (`/compartido/<shareId>`). */
  url: z.string(),
  titulo: z.string(),
  topic: z.string(),
  nivel: z.string(),
  enviadoEl: z.string(),
  /** False once the sender stopped sharing the course: the link no longer opens. */
  disponible: z.boolean(),
  /** Only on a course the caller received and copied: their copy's id. */
  copia: z.string().optional(),
});
export type SentCourse = z.infer<typeof sentCourse>;

export const courseSendResult = z.object({ success: z.literal(true), data: sentCourse, message: z.string() });

export const connectionCourses = z.object({
  success: z.literal(true),
  data: z.object({ recibidos: z.array(sentCourse), enviados: z.array(sentCourse) }),
});
export type ConnectionCourses = z.infer<typeof connectionCourses>['data'];
