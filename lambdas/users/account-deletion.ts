import { createHash } from 'node:crypto';
import { badRequest, notFound } from '../shared/errors';
import { userPk } from '../shared/table';
import type { EveryDevice } from '../auth';
import { shareKey } from '../sharing';
import { DELETING_SK, type Key, type PartitionStore } from './partition-store';
import type { UserStore } from '../user-profile';

// DELETE /users/me (GDPR art. 17). The steps are ordered so that an interruption anywhere leaves a
// state the next DELETE finishes: the marker first (it keeps the email's hash, so the confirmation
// can still be checked once PROFILE is gone), then every session ends and every running execution
// stops (issue 20: nothing keeps writing for the learner), then payments (they read the Stripe customer from the
// partition), then the certificates (revoked, listed from the partition too), then the other side of each connection, then the partition, then the Cognito user
// (last: while it exists the learner can sign in and retry), a second cutoff for any token issued
// meanwhile, and the marker at the very end.

/** Cancels any subscription and removes the saved cards of the learner's Stripe customer (payments). */
export interface AccountClosurePort {
  close(userId: string): Promise<void>;
}

/** Revokes every certificate of the learner: they stay verifiable by id but say so, without the name. */
export interface CertificatesPort {
  /** Reads the learner's certificate pointers from their partition, so it runs before the partition goes. */
  revokeAll(userId: string): Promise<void>;
}

/** The originals of the learner's uploaded materials, in S3 (lambdas/materials). */
export interface MaterialFilesPort {
  removeMany(userId: string, materialIds: string[]): Promise<void>;
}

/** Every object under the learner's narration/<sub>/ prefix in S3 (lessons' audio and marks, tutor answers). */
export interface NarrationFilesPort {
  removeAll(userId: string): Promise<unknown>;
}

/** What the learner left in aulas, outside their partition (lambdas/aulas forgetLearner). */
export interface AulasPort {
  forget(userId: string, items: { sk: string }[]): Promise<void>;
}

/** The LMS identities that sign in to the account, outside its partition (lambdas/lti forgetLtiIdentities, issue 45). */
export interface LtiIdentitiesPort {
  forget(userId: string, items: { sk: string }[]): Promise<void>;
}

/** The sign-in identity: deleting it ends every way back into the account. */
export interface IdentityPort {
  /** Missing users are not an error: a resumed deletion may already have removed it. */
  deleteUser(username: string): Promise<void>;
}

/** The learner's running Step Functions executions (course generations, model jobs), by job id. */
export interface ExecutionsPort {
  stop(jobIds: string[]): Promise<void>;
}

export interface DeletionDeps {
  users: Pick<UserStore, 'get'>;
  /** Cognito's global sign-out and our API's cutoff (lambdas/auth/sign-out-everywhere.ts). */
  devices: Pick<EveryDevice, 'signOut' | 'cutOff'>;
  executions: ExecutionsPort;
  partition: PartitionStore;
  payments: AccountClosurePort;
  certificates: CertificatesPort;
  identity: IdentityPort;
  aulas?: AulasPort;
  lti?: LtiIdentitiesPort;
  /** Absent where the stack has no materials bucket. */
  materialFiles?: MaterialFilesPort;
  /** The learner's narrated audio under narration/<sub>/ (lambdas/narration); absent where the stack has no bucket. */
  narrationFiles?: NarrationFilesPort;
  now: () => Date;
}

export const MISMATCH = 'El correo no coincide con el de tu cuenta. Escríbelo tal como aparece en tu perfil para confirmar.';
const NO_ACCOUNT = 'No encontramos tu cuenta. Puede que ya se haya eliminado.';

export const emailHash = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('hex');

const isSharedCourse = (i: Record<string, unknown>): i is { compartido: { shareId: string } } =>
  typeof (i.compartido as { shareId?: unknown } | undefined)?.shareId === 'string';
const CONN = 'CONN#';
const MATERIAL = 'MATERIAL#';
const JOB = 'JOB#';

export async function deleteAccount(deps: DeletionDeps, who: { userId: string; username: string }, confirmacion: string): Promise<void> {
  const { userId } = who;
  const [profile, marker] = await Promise.all([deps.users.get(userId), deps.partition.marker(userId)]);
  const expected = marker?.emailHash ?? (profile && emailHash(profile.email));
  if (!expected) throw notFound(NO_ACCOUNT);
  if (emailHash(confirmacion) !== expected) throw badRequest(MISMATCH);
  if (!marker) await deps.partition.startDeletion(userId, { emailHash: expected, startedAt: deps.now().toISOString() });

  // Every token issued so far stops working, on Cognito (refresh) and on our API (access): no
  // request made with one can write again. A resumed deletion whose Cognito user is gone still cuts off.
  const signedOut = await deps.devices.signOut({ username: who.username }).catch((error: Error) => {
    if (error.name !== 'UserNotFoundException') throw error;
    return Date.now();
  });
  await deps.devices.cutOff(userId, signedOut);
  // Running generations stop calling the model; a task already in flight finds its items gone and
  // writes nothing (the generation store's writes require the course item: generation-store.ts).
  const running = (await deps.partition.items(userId)).filter((i) => i.sk.startsWith(JOB) && i.status === 'en_proceso');
  await deps.executions.stop(running.map((i) => i.sk.slice(JOB.length)));

  await deps.payments.close(userId);
  await deps.certificates.revokeAll(userId);

  // A second pass catches what a request still in flight (a sign-in, a course task) wrote meanwhile.
  for (let pass = 0; pass < 3; pass++) {
    const items = (await deps.partition.items(userId)).filter((i) => i.sk !== DELETING_SK);
    if (!items.length) break;
    // The other learners' sides of my requests and connections first: once my CONN# items are
    // gone, nothing would tell a resumed deletion where theirs are.
    const theirSides: Key[] = items
      .filter((i) => i.sk.startsWith(CONN))
      .map((i) => ({ pk: userPk(i.sk.slice(CONN.length)), sk: `${CONN}${userId}` }));
    // The courses I sent my connections (issue 34, docs/social.md) live in their partitions, under my id.
    const { partition } = deps;
    if (partition.keysUnder) {
      const sent = await Promise.all(theirSides.map(({ pk }) => partition.keysUnder!(pk.slice('USER#'.length), `CURSOREC#${userId}#`)));
      await deps.partition.deleteKeys(sent.flat());
    }
    await deps.partition.deleteKeys(theirSides);
    // My aulas and memberships live in the aulas' partitions: found from my pointers, so before they go (docs/aulas.md).
    await deps.aulas?.forget(userId, items);
    // My LMS identities' items (LTIACCOUNT#) live outside my partition: found from my pointers, so before they go.
    await deps.lti?.forget(userId, items);
    // Uploaded originals before their materials: once the MATERIAL# items are gone, nothing names the objects.
    const files = items.filter((i) => i.sk.startsWith(MATERIAL) && i.origen === 'archivo').map((i) => i.sk.slice(MATERIAL.length));
    if (files.length) await deps.materialFiles?.removeMany(userId, files);
    // The public links of my shared courses live outside my partition (SHARE#<id>, docs/sharing.md).
    const shares: Key[] = items.flatMap((i) => (isSharedCourse(i) ? [shareKey(i.compartido.shareId)] : []));
    if (shares.length) await deps.partition.deleteKeys(shares);
    await deps.partition.deleteKeys(items.map(({ pk, sk }) => ({ pk, sk })));
  }

  // Narrated audio is found by its prefix, not by items: after the passes, so a job item gone does not hide it.
  await deps.narrationFiles?.removeAll(userId);
  await deps.identity.deleteUser(who.username);
  // A sign-in while the deletion ran (the Cognito user lives until the line above, so a resumed
  // deletion stays possible) got a token issued after the first cutoff: with the partition gone it
  // would answer 404 instead of 401. Now that no token can be issued any more, cut off every one.
  await deps.devices.cutOff(userId, Date.now());
  await deps.partition.endDeletion(userId);
}
