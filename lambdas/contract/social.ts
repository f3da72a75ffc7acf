import * as z from 'zod';
import { id, text } from './common';

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

export const connectionEntry = z.object({ perfil: publicProfile, desde: z.string() });
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
