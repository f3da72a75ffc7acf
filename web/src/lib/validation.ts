import type { ZodType } from 'zod';

export type FieldErrors = Record<string, string>;

/** Checks a form against a contract schema, keeping the first Spanish message of each field. */
export function validate<T>(schema: ZodType<T>, values: unknown): { data: T; errors?: undefined } | { data?: undefined; errors: FieldErrors } {
  const result = schema.safeParse(values);
  if (result.success) return { data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? 'form');
    errors[key] ??= issue.message;
  }
  return { errors };
}

/** A text field of a submitted form: '' when absent (these forms have no file inputs). */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}

/**
 * The contract's zod schemas, loaded on first use so zod stays out of the first bundle
 * (a form is validated only once someone types in it).
 */
export const loadAuthSchemas = () => import('../../../lambdas/contract/auth');
export const loadUserSchemas = () => import('../../../lambdas/contract/users');
