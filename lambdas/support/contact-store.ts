import { UpdateCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createHash } from 'node:crypto';
import { writeIf } from '../shared/table-writes';

// Contact messages (docs/data-model.md "Contact"): one partition per sender address, by its hash, so a
// flood from one address is one partition and nobody's address is a key. The hourly counter is taken
// before anything is sent (reserve, then spend) and given back if the operators could not be reached.

const DAY_S = 86_400;
/** Kept long enough to answer and follow up, then DynamoDB removes them. */
const MESSAGE_DAYS = 180;

const senderPk = (email: string) => `CONTACTO#${createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 32)}`;
const hourOf = (at: Date) => at.toISOString().slice(0, 13);
const epoch = (at: Date) => Math.floor(at.getTime() / 1000);

export interface ContactMessage {
  id: string;
  nombre: string;
  email: string;
  motivo: string;
  mensaje: string;
  /** The signed-in learner who wrote, when there was one. */
  userId?: string;
  fecha: string;
}

export interface ContactStore {
  /** Takes one of the address's messages for this hour; false when the hour's allowance is used. */
  take(email: string, at: Date, perHour: number): Promise<boolean>;
  /** Gives back a message taken for a send that failed. */
  giveBack(email: string, at: Date): Promise<void>;
  save(message: ContactMessage): Promise<void>;
}

export function dynamoContactStore(db: DynamoDBDocumentClient, tableName: string): ContactStore {
  const counter = (email: string, at: Date) => ({ pk: senderPk(email), sk: `HORA#${hourOf(at)}` });
  return {
    take: (email, at, perHour) =>
      writeIf(
        db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: counter(email, at),
            UpdateExpression: 'ADD enviados :one SET expiresAt = if_not_exists(expiresAt, :ttl)',
            ConditionExpression: 'attribute_not_exists(enviados) OR enviados < :max',
            ExpressionAttributeValues: { ':one': 1, ':max': perHour, ':ttl': epoch(at) + 2 * DAY_S },
          }),
        ),
      ),
    giveBack: async (email, at) => {
      await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: counter(email, at),
          UpdateExpression: 'ADD enviados :minus',
          ConditionExpression: 'enviados > :zero',
          ExpressionAttributeValues: { ':minus': -1, ':zero': 0 },
        }),
      ).catch(() => undefined);
    },
    save: async (m) => {
      await db.send(
        new PutCommand({
          TableName: tableName,
          Item: { pk: senderPk(m.email), sk: `MSG#${m.fecha}#${m.id}`, ...m, expiresAt: epoch(new Date(m.fecha)) + MESSAGE_DAYS * DAY_S },
        }),
      );
    },
  };
}
