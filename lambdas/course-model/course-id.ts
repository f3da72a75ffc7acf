import { courseIdSchema } from '../contract';
import { badRequest, notFound } from '../shared/errors';
import { validationMessage } from '../shared/http';

/** A `{id}` path parameter naming a course: a UUID (the contract's courseIdSchema), or 400 in Spanish. */
export const courseIdParam = (value: string | undefined) => {
  const parsed = courseIdSchema.safeParse(value);
  if (!parsed.success) throw badRequest(validationMessage(parsed.error));
  return parsed.data;
};

/** The one answer for a course the learner does not have (or that does not exist): they are not told apart. */
export const COURSE_NOT_FOUND = 'No encontramos ese curso.';

const ID = /^[A-Za-z0-9-]{1,64}$/;
/** Any other path id (module, job, diplomado): one that could never name an item (e.g. with a key separator) is simply not found. */
export const pathIdParam = (value: string | undefined, message: string) => {
  if (!value || !ID.test(value)) throw notFound(message);
  return value;
};
