import * as z from 'zod';

/**
 * Reads and validates a Lambda's environment once, at module load, so a missing setting fails
 * the cold start loudly instead of the first learner's request. Each group declares only what it uses.
 */
export function readConfig<S extends z.ZodRawShape>(shape: S, env: NodeJS.ProcessEnv = process.env) {
  const parsed = z.object(shape).safeParse(env);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((i) => i.path.join('.')).join(', ');
    throw new Error(`Invalid Lambda configuration: ${fields}`);
  }
  return parsed.data;
}

export const tableName = z.string().min(1);
