import { GetCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { type EvaluationItem, evaluationKey, type EvaluationVariant } from '../course-model';
import type { FeedbackState } from '../contract';
import { answerIf, writeIf } from '../shared/table-writes';
import { dynamoSourceClaims, type SourceClaims } from './source-claims';

type Attempt = NonNullable<EvaluationItem['intentos']>[number];

/** Attempts are kept on the evaluation item itself, bounded so the item stays far below 400 KB. */
export const MAX_ATTEMPTS = 200;

export interface EvaluationStore {
  get(userId: string, courseId: string, moduleId: string): Promise<EvaluationItem | undefined>;
  /** Puts a first variant in place unless another request already did; answers whether it won. */
  setVariant(userId: string, courseId: string, moduleId: string, variant: EvaluationVariant, replacing?: string): Promise<boolean>;
  /**
   * Appends an attempt at variant `attempt.version` and puts the next variant in place (or none,
   * when the unseen questions ran out), in one conditional write: of two submissions of the same
   * variant, only one is counted. A pass also sets `aprobadaEn`. Answers the attempt's number, or
   * undefined when the variant is no longer current.
   */
  addAttempt(userId: string, courseId: string, moduleId: string, attempt: Attempt, bankVersion: string, next: EvaluationVariant | undefined): Promise<number | undefined>;
  /**
   * A top-up (issue 20): the bank becomes `preguntas` (new questions appended, long-seen ones
   * dropped, their stems' fingerprints kept in `enunciadosVistos`) unless it was replaced meanwhile
   * or a variant was drawn; answers whether it was written.
   */
  topUp(userId: string, courseId: string, moduleId: string, bankVersion: string, preguntas: EvaluationItem['preguntas'], enunciadosVistos: string[]): Promise<boolean>;
  /**
   * Keeps the states the result showed (issue 41: settled by the learner model after the attempt's
   * write) with attempt number `intento`, unless the attempts were replaced meanwhile (a new bank
   * keeps them; the attempt's date must match). Answers whether it was written.
   */
  settleAttempt?(userId: string, courseId: string, moduleId: string, intento: number, fecha: string, estados: Record<string, FeedbackState>): Promise<boolean>;
  /** The ledger of an aula copy's source bank (source-claims.ts); a bank with `origen` is never drawn without it. */
  claims?: SourceClaims;
}

export function dynamoEvaluationStore(db: DynamoDBDocumentClient, TableName: string): EvaluationStore {
  return {
    claims: dynamoSourceClaims(db, TableName),
    async get(userId, courseId, moduleId) {
      const out = await db.send(new GetCommand({ TableName, Key: evaluationKey(userId, courseId, moduleId) }));
      return out.Item as EvaluationItem | undefined;
    },
    async setVariant(userId, courseId, moduleId, variant, replacing) {
      return writeIf(
        db.send(
          new UpdateCommand({
            TableName,
            Key: evaluationKey(userId, courseId, moduleId),
            UpdateExpression: 'SET variante = :v',
            ConditionExpression: `version = :bank AND ${replacing ? 'variante.#id = :old' : 'attribute_not_exists(variante)'}`,
            ...(replacing && { ExpressionAttributeNames: { '#id': 'id' } }),
            ExpressionAttributeValues: { ':v': variant, ':bank': variant.bankVersion, ...(replacing && { ':old': replacing }) },
          }),
        ),
      );
    },
    async addAttempt(userId, courseId, moduleId, attempt, bankVersion, next) {
      const sets = ['intentos = list_append(if_not_exists(intentos, :empty), :a)', ...(next ? ['variante = :next'] : []), ...(attempt.aprobado ? ['aprobadaEn = if_not_exists(aprobadaEn, :at)'] : [])];
      const out = await answerIf(
        db.send(
          new UpdateCommand({
            TableName,
            Key: evaluationKey(userId, courseId, moduleId),
            UpdateExpression: `SET ${sets.join(', ')}${next ? '' : ' REMOVE variante'}`,
            ExpressionAttributeNames: { '#id': 'id' },
            ConditionExpression: 'variante.#id = :v AND version = :bank AND (attribute_not_exists(intentos) OR size(intentos) < :max)',
            ExpressionAttributeValues: {
              ':empty': [],
              ':a': [attempt],
              ':v': attempt.version,
              ':bank': bankVersion,
              ':max': MAX_ATTEMPTS,
              ...(next && { ':next': next }),
              ...(attempt.aprobado && { ':at': attempt.fecha }),
            },
            ReturnValues: 'UPDATED_NEW',
          }),
        ),
      );
      return out && (out.Attributes?.intentos as unknown[]).length;
    },
    async settleAttempt(userId, courseId, moduleId, intento, fecha, estados) {
      const at = Math.trunc(intento) - 1;
      if (!(at >= 0 && at < MAX_ATTEMPTS)) return false;
      return writeIf(
        db.send(
          new UpdateCommand({
            TableName,
            Key: evaluationKey(userId, courseId, moduleId),
            UpdateExpression: `SET intentos[${at}].estados = :e`,
            ConditionExpression: `intentos[${at}].fecha = :f`,
            ExpressionAttributeValues: { ':e': estados, ':f': fecha },
          }),
        ),
      );
    },
    async topUp(userId, courseId, moduleId, bankVersion, preguntas, enunciadosVistos) {
      return writeIf(
        db.send(
          new UpdateCommand({
            TableName,
            Key: evaluationKey(userId, courseId, moduleId),
            UpdateExpression: 'SET preguntas = :p, enunciadosVistos = :seen',
            ConditionExpression: 'version = :bank AND (attribute_not_exists(variante) OR variante.bankVersion <> :bank)',
            ExpressionAttributeValues: { ':p': preguntas, ':seen': enunciadosVistos, ':bank': bankVersion },
          }),
        ),
      );
    },
  };
}
