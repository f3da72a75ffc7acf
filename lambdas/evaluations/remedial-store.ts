import { GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { OptionLetter } from '../contract';
import { userPk } from '../shared/table';
import { writeIf } from '../shared/table-writes';

// The learner's Refuerzo guiado of one module (issue 32 item 4, docs/data-model.md): one item in the
// learner's own partition, USER#<sub> / REMEDIAL#<courseId>#<moduleId>, the latest piece (a new
// attempt's piece replaces it). Only its owner can address it: a stranger's key names nothing.

export const REMEDIAL_PREFIX = 'REMEDIAL#';
export const remedialKey = (userId: string, courseId: string, moduleId: string) => ({ pk: userPk(userId), sk: `${REMEDIAL_PREFIX}${courseId}#${moduleId}` });

/** One practice item as stored: its options in the order shown, the right one's index and every option's explanation. */
export interface StoredPractice {
  objetivoId: string;
  enunciado: string;
  opciones: string[];
  correcta: number;
  explicaciones: string[];
}

export interface RemedialItem {
  courseId: string;
  moduleId: string;
  intento: number;
  titulo: string;
  objetivos: { id: string; enunciado: string }[];
  explicacion: string;
  ejemplo: { enunciado: string; pasos: { texto: string; solucion: string; completar: boolean }[] };
  practica: StoredPractice[];
  /** Issue 32 item 5: the open question, its rubric (never sent before grading) and the lesson that teaches its objective. Older pieces have none. */
  abierta?: { objetivoId: string; enunciado: string; rubrica: string; lessonId: string; leccion: string };
  /** Item number (1-based, as text) → the letter first chosen: the answer that counted. */
  respuestas: Record<string, OptionLetter>;
  creadoEn: string;
  promptVersion?: string;
  modelId?: string;
}

export interface RemedialStore {
  get(userId: string, courseId: string, moduleId: string): Promise<RemedialItem | undefined>;
  put(userId: string, item: RemedialItem): Promise<void>;
  /** Records the first answer to `item` of the piece written after attempt `intento`; false when one was already recorded (or the piece changed). */
  answer(userId: string, courseId: string, moduleId: string, intento: number, item: number, opcion: OptionLetter): Promise<boolean>;
}

export function dynamoRemedialStore(db: DynamoDBDocumentClient, TableName: string): RemedialStore {
  return {
    async get(userId, courseId, moduleId) {
      const out = await db.send(new GetCommand({ TableName, Key: remedialKey(userId, courseId, moduleId), ConsistentRead: true }));
      return out.Item as RemedialItem | undefined;
    },
    async put(userId, item) {
      await db.send(new PutCommand({ TableName, Item: { ...remedialKey(userId, item.courseId, item.moduleId), ...item } }));
    },
    async answer(userId, courseId, moduleId, intento, item, opcion) {
      return writeIf(
        db.send(
          new UpdateCommand({
            TableName,
            Key: remedialKey(userId, courseId, moduleId),
            UpdateExpression: 'SET respuestas.#i = :o',
            // Once per item: a second answer (another tab, a double click) changes nothing and counts no evidence.
            ConditionExpression: 'attribute_exists(pk) AND intento = :n AND attribute_not_exists(respuestas.#i)',
            ExpressionAttributeNames: { '#i': String(item) },
            ExpressionAttributeValues: { ':o': opcion, ':n': intento },
          }),
        ),
      );
    },
  };
}
