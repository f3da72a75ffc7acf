import { randomInt } from 'node:crypto';
import { INVITE_ALPHABET, INVITE_CODE_LENGTH } from '../contract';

/** A new invitation code: uniform over INVITE_ALPHABET from the system's CSPRNG, never from a rule. */
export const newInviteCode = (): string =>
  Array.from({ length: INVITE_CODE_LENGTH }, () => INVITE_ALPHABET[randomInt(INVITE_ALPHABET.length)]).join('');

/** Lookups by code a learner may make per hour (preview and join together): docs/aulas.md "Guessing codes". */
export const CODE_LOOKUPS_PER_HOUR = 20;
