import { forgetLearner } from '../aulas';
import { forgetLtiIdentities } from '../lti';
import { revokeCertificates } from '../certificates';
import { s3MaterialEraser } from '../materials';
import { s3NarrationEraser } from '../narration';
import { stripeAccountClosure } from '../payments';
import { documentClient } from '../shared/clients';
import type { DeletionDeps } from './account-deletion';

export { deleteAccount } from './account-deletion';

// What DELETE /users/me needs beyond this room, in one module that handler.ts imports on the first
// deletion (issue 35, docs/architecture.md "Cold init"): the deletion itself, Stripe's closure, the
// certificates' revocation, the aulas' and the sharing code it reaches and the S3 erasers are then one
// lazily read part of the bundle, not code every cold start compiles. Named imports let esbuild keep
// only these of each room (a dynamic import of a room's index keeps all of it), and one lazy entry
// instead of five keeps the modules the cold start shares with them in fewer chunk files.

export interface DeletionRoomsConfig {
  TABLE_NAME: string;
  /** Absent where the stack has no materials bucket: nothing of S3 to erase then. */
  MATERIALS_BUCKET?: string;
}

/** The deletion's ports this module provides; handler.ts provides the rest. */
export type RoomPorts = Pick<DeletionDeps, 'payments' | 'certificates' | 'aulas' | 'lti' | 'materialFiles' | 'narrationFiles'>;

export const deletionRooms = ({ TABLE_NAME, MATERIALS_BUCKET }: DeletionRoomsConfig): RoomPorts => ({
  // Stripe's client is still imported on the first Stripe call (lambdas/payments/stripe-client.ts).
  payments: { close: async (userId) => void (await stripeAccountClosure()(userId)) },
  certificates: { revokeAll: async (userId) => void (await revokeCertificates(userId)) },
  aulas: { forget: (userId, items) => forgetLearner(documentClient(), TABLE_NAME, userId, items) },
  lti: { forget: (userId, items) => forgetLtiIdentities(documentClient(), TABLE_NAME, userId, items) },
  materialFiles: MATERIALS_BUCKET ? s3MaterialEraser(MATERIALS_BUCKET) : undefined,
  // Lessons' audio and tutor answers read aloud under narration/<sub>/ of the same bucket (issue 26).
  narrationFiles: MATERIALS_BUCKET ? s3NarrationEraser(MATERIALS_BUCKET) : undefined,
});
