import { GetCommand, TransactWriteCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { userPk } from '../shared/table';
import { queryAll } from '../shared/table-query';
import { cancelledBy, writeIf } from '../shared/table-writes';
import type { CertificateKind } from '../contract';
import { certificateKey, pointerKey, POINTER_PREFIX, type CertificateItem, type CertificatePointer } from './certificate-items';

export interface CertificateStore {
  get(certificateId: string): Promise<CertificateItem | undefined>;
  pointer(userId: string, tipo: CertificateKind, sourceId: string): Promise<CertificatePointer | undefined>;
  /** The owner's certificates (pointers), any order. */
  list(userId: string): Promise<CertificatePointer[]>;
  /** Writes the certificate and its pointer together; false when this course or diplomado already has one. */
  issue(item: CertificateItem, pointer: CertificatePointer): Promise<boolean>;
  /** Marks one certificate revoked and forgets the name on it. */
  revoke(certificateId: string, at: string): Promise<void>;
}

const pointerOf = (i: Record<string, unknown>): CertificatePointer => {
  const { certificateId, tipo, sourceId, titulo, fecha, promedio } = i as unknown as CertificatePointer;
  return { certificateId, tipo, sourceId, titulo, fecha, promedio };
};

export function dynamoCertificateStore(db: DynamoDBDocumentClient, TableName: string): CertificateStore {
  return {
    async get(certificateId) {
      const out = await db.send(new GetCommand({ TableName, Key: certificateKey(certificateId) }));
      return out.Item as CertificateItem | undefined;
    },

    async pointer(userId, tipo, sourceId) {
      const out = await db.send(new GetCommand({ TableName, Key: pointerKey(userId, tipo, sourceId) }));
      return out.Item && pointerOf(out.Item);
    },

    async list(userId) {
      const items = await queryAll(db, {
        TableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
        ExpressionAttributeValues: { ':pk': userPk(userId), ':p': POINTER_PREFIX },
      });
      return items.map(pointerOf);
    },

    async issue(item, pointer) {
      // Refused by the pointer's condition: another request certified this course first.
      return writeIf(
        db.send(
          new TransactWriteCommand({
            TransactItems: [
              { Put: { TableName, Item: { ...pointer, ...pointerKey(item.userId, item.tipo, item.sourceId) }, ConditionExpression: 'attribute_not_exists(pk)' } },
              { Put: { TableName, Item: { ...item, ...certificateKey(item.certificateId) }, ConditionExpression: 'attribute_not_exists(pk)' } },
            ],
          }),
        ),
        (error) => cancelledBy(error, 0),
      );
    },

    async revoke(certificateId, at) {
      // A certificate that does not exist is not created by revoking it.
      await writeIf(
        db.send(
          new UpdateCommand({
            TableName,
            Key: certificateKey(certificateId),
            UpdateExpression: 'SET estado = :r, revocadoEn = if_not_exists(revocadoEn, :at) REMOVE nombre',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: { ':r': 'revocado', ':at': at },
          }),
        ),
      );
    },
  };
}
