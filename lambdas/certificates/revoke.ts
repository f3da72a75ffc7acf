import { documentClient } from '../shared/clients';
import { clock } from '../shared/clock';
import { readConfig, tableName } from '../shared/config';
import { dynamoCertificateStore, type CertificateStore } from './certificate-store';

/**
 * Account deletion (issue 15): every certificate of the learner stays verifiable by its id but
 * says it was revoked, and no longer shows their name. Call it BEFORE deleting the learner's
 * partition: the list of their certificates is read from it (USER#<sub>, CERTIFICATE#…).
 * The calling Lambda needs Query and UpdateItem on the table. Answers how many were revoked.
 */
export async function revokeCertificates(userId: string, store: CertificateStore = defaultStore()): Promise<number> {
  const at = clock.now().toISOString();
  const pointers = await store.list(userId);
  await Promise.all(pointers.map((p) => store.revoke(p.certificateId, at)));
  return pointers.length;
}

let cached: CertificateStore | undefined;
const defaultStore = () => (cached ??= dynamoCertificateStore(documentClient(), readConfig({ TABLE_NAME: tableName }).TABLE_NAME));
