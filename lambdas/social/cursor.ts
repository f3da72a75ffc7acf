import * as z from 'zod';
import { badRequest } from '../shared/errors';

// Page cursors are opaque to the client: base64url JSON of a small, validated shape. They carry
// positions only (an offset, a learner id), never a raw DynamoDB key.

const INVALID = 'El cursor no es válido. Vuelve a cargar la lista.';

export const encodeCursor = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

export function decodeCursor<S extends z.ZodType>(schema: S, cursor: string | undefined): z.output<S> | undefined {
  if (!cursor) return undefined;
  try {
    const parsed = schema.safeParse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    if (parsed.success) return parsed.data;
  } catch {
    // falls through to the Spanish error below
  }
  throw badRequest(INVALID);
}

export const offsetCursor = z.object({ o: z.number().int().min(0).max(10_000) }).strict();
export const afterCursor = z.object({ a: z.string().regex(/^[A-Za-z0-9_-]{1,128}$/) }).strict();
