import { GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { DIPLOMADO_PREFIX, type DiplomadoItem } from '../course-model';
import { userPk } from '../shared/table';
import { queryAll } from '../shared/table-query';
import { writeIf } from '../shared/table-writes';

// The item's shape and key prefix live in the course model (lambdas/course-model/diplomado-items.ts):
// certificates read diplomados too. A course slot is claimed with a conditional write before its
// generation starts, so two clicks (or two tabs) never generate the same course twice.

export interface DiplomadoStore {
  create(item: DiplomadoItem): Promise<void>;
  get(userId: string, diplomadoId: string): Promise<DiplomadoItem | undefined>;
  list(userId: string): Promise<DiplomadoItem[]>;
  /** Claims slot `index` for generation; false when it is linked already or being started. */
  claim(userId: string, diplomadoId: string, index: number): Promise<boolean>;
  link(userId: string, diplomadoId: string, index: number, courseId: string, jobId: string): Promise<void>;
  /** Gives a claimed slot back, recording why its generation could not start. */
  release(userId: string, diplomadoId: string, index: number, error: string): Promise<void>;
}

const key = (userId: string, id: string) => ({ pk: userPk(userId), sk: `${DIPLOMADO_PREFIX}${id}` });
/** A claim older than this belongs to a request that died: the slot may be claimed again. */
const STALE_CLAIM_MS = 60_000;

export function dynamoDiplomadoStore(db: DynamoDBDocumentClient, TableName: string): DiplomadoStore {
  const now = () => new Date().toISOString();
  return {
    async create(item) {
      await db.send(new PutCommand({ TableName, Item: { ...item, ...key(item.userId, item.diplomadoId) }, ConditionExpression: 'attribute_not_exists(pk)' }));
    },

    async get(userId, diplomadoId) {
      const out = await db.send(new GetCommand({ TableName, Key: key(userId, diplomadoId) }));
      return out.Item as DiplomadoItem | undefined;
    },

    async list(userId) {
      const items = await queryAll<DiplomadoItem>(db, {
        TableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
        ExpressionAttributeValues: { ':pk': userPk(userId), ':p': DIPLOMADO_PREFIX },
      });
      return items.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    },

    async claim(userId, diplomadoId, index) {
      const slot = `cursos[${index}]`;
      return writeIf(
        db.send(
          new UpdateCommand({
            TableName,
            Key: key(userId, diplomadoId),
            UpdateExpression: `SET ${slot}.solicitadoEn = :now, updatedAt = :now REMOVE ${slot}.#err`,
            ConditionExpression: `attribute_exists(${slot}) AND attribute_not_exists(${slot}.courseId) AND (attribute_not_exists(${slot}.solicitadoEn) OR ${slot}.solicitadoEn < :stale)`,
            ExpressionAttributeNames: { '#err': 'error' },
            ExpressionAttributeValues: { ':now': now(), ':stale': new Date(Date.now() - STALE_CLAIM_MS).toISOString() },
          }),
        ),
      );
    },

    async link(userId, diplomadoId, index, courseId, jobId) {
      const slot = `cursos[${index}]`;
      await db.send(
        new UpdateCommand({
          TableName,
          Key: key(userId, diplomadoId),
          UpdateExpression: `SET ${slot}.courseId = :c, ${slot}.jobId = :j, updatedAt = :now REMOVE ${slot}.solicitadoEn`,
          ExpressionAttributeValues: { ':c': courseId, ':j': jobId, ':now': now() },
        }),
      );
    },

    async release(userId, diplomadoId, index, error) {
      const slot = `cursos[${index}]`;
      await db.send(
        new UpdateCommand({
          TableName,
          Key: key(userId, diplomadoId),
          UpdateExpression: `SET ${slot}.#err = :e, updatedAt = :now REMOVE ${slot}.solicitadoEn`,
          ExpressionAttributeNames: { '#err': 'error' },
          ExpressionAttributeValues: { ':e': error, ':now': now() },
        }),
      );
    },
  };
}
