import { notFound } from '../shared/errors';

const ID = /^[A-Za-z0-9-]{1,64}$/;
/** A path id that could never name a course (e.g. with a key separator) is simply not found. */
export const courseIdParam = (value: string | undefined, message = 'No encontramos ese curso.') => {
  if (!value || !ID.test(value)) throw notFound(message);
  return value;
};
