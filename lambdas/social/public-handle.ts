import { createHash } from 'node:crypto';

// A short public handle that tells namesakes apart (issue 34): two "Ana García" read as
// `ana-garcia-7k3f` and `ana-garcia-x9qm`. The tag is derived from the account id, which cards
// already carry, so it reveals nothing new (never the email) and stays when the learner renames.

/** No 0/o, 1/i/l: a tag read aloud or copied by hand is not mistaken. */
const ALPHABET = '23456789abcdefghjkmnpqrstuvwxyz';
const TAG_LENGTH = 4;
const SLUG_MAX = 24;

/** Four characters fixed by the account id (31⁴ ≈ 923,000 values). */
export function handleTag(userId: string): string {
  const digest = createHash('sha256').update(userId).digest();
  return Array.from(digest.subarray(0, TAG_LENGTH), (b) => ALPHABET[b % ALPHABET.length]).join('');
}

/** The name's letters and digits, without accents, lower case, joined by hyphens. */
export function nameSlug(nombre: string): string {
  const slug = nombre.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  return slug.slice(0, SLUG_MAX).replace(/-+$/, '') || 'persona';
}

export const publicHandle = (userId: string, nombre: string) => `${nameSlug(nombre)}-${handleTag(userId)}`;
