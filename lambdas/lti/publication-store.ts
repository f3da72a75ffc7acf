import { DeleteCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { writeIf } from '../shared/table-writes';
import { platformKey, publicationKey, type PlatformItem, type PublicationEntry } from './lti-items';

// What the registrations' items record of their publication in the frame store (frame-store.ts, docs/lti.md "Inside
// the LMS's iframe"): the value the last landed publication wrote, a failed one's error, and the retries queued in
// the expiry queue (LTIEXPIRY), which the sweep runs (registration-expiry.ts).

export interface PublicationStore {
  /**
   * Records that the frame store now holds `value` for this registration (`publicadoComo`), only while it is this
   * instance and still says it (its authentication URL and pages as read): false otherwise (a later change publishes).
   */
  markPublished(platform: PlatformItem, value: string): Promise<boolean>;
  /** Records a failed publication's error on the registration (this instance, if still there). */
  markUnpublished(platform: PlatformItem, error: string): Promise<void>;
  /** Puts a publication to retry in the expiry queue (the sweep's: registration-expiry.ts), or takes one out. */
  queuePublication(entry: PublicationEntry): Promise<void>;
  dropPublication(entry: PublicationEntry): Promise<void>;
  /**
   * The sweep's retry of a queued publication: true when it landed. Without a frame store (frame-store.ts wraps this
   * one with it) there is nothing to publish: the entry is dropped.
   */
  retryPublication(entry: PublicationEntry): Promise<boolean>;
}

export function dynamoPublicationStore(db: DynamoDBDocumentClient, TableName: string): PublicationStore {
  return {
    async markPublished(p, value) {
      const read = p.registro ? { c: 'registro = :r', v: { ':r': p.registro } } : { c: 'attribute_exists(pk) AND attribute_not_exists(registro)', v: {} };
      const pages = p.paginas?.length ? { c: 'paginas = :p', v: { ':p': p.paginas } } : { c: '(attribute_not_exists(paginas) OR size(paginas) = :cero)', v: { ':cero': 0 } };
      return writeIf(db.send(new UpdateCommand({
        TableName, Key: platformKey(p.issuer, p.clientId), UpdateExpression: 'SET publicadoComo = :v REMOVE sinPublicar, errorPublicacion',
        ConditionExpression: `${read.c} AND authUrl = :a AND ${pages.c}`,
        ExpressionAttributeValues: { ...read.v, ...pages.v, ':a': p.authUrl, ':v': value },
      })));
    },
    async markUnpublished(p, error) {
      const same = p.registro ? { ConditionExpression: 'registro = :r', ExpressionAttributeValues: { ':r': p.registro } } : { ConditionExpression: 'attribute_exists(pk)', ExpressionAttributeValues: {} };
      await writeIf(db.send(new UpdateCommand({
        TableName, Key: platformKey(p.issuer, p.clientId), UpdateExpression: 'SET errorPublicacion = :e', ...same,
        ExpressionAttributeValues: { ...same.ExpressionAttributeValues, ':e': error },
      })));
    },
    async queuePublication(entry) {
      await db.send(new PutCommand({ TableName, Item: { ...publicationKey(entry), ...entry } }));
    },
    async dropPublication(entry) {
      await db.send(new DeleteCommand({ TableName, Key: publicationKey(entry) }));
    },
    async retryPublication(entry) {
      await db.send(new DeleteCommand({ TableName, Key: publicationKey(entry) }));
      return true;
    },
  };
}
