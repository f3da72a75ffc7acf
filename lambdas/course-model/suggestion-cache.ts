import { createHash } from 'node:crypto';
import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { CourseSuggestion } from '../contract';

/** Suggestions depend only on topic and level, so they are shared by every learner asking the same. */
export interface SuggestionCache {
  get(key: string): Promise<CourseSuggestion[] | undefined>;
  put(key: string, sugerencias: CourseSuggestion[]): Promise<void>;
}

const TTL_SECONDS = 7 * 24 * 3600;

/** "  Python  Básico" and "python básico" are the same question. */
export const normaliseTopic = (topic: string) => topic.normalize('NFKC').toLocaleLowerCase('es').replace(/\s+/g, ' ').trim();
export const suggestionKey = (topic: string, level: string, promptVersion: string) =>
  createHash('sha256').update(`${promptVersion}|${level}|${normaliseTopic(topic)}`).digest('base64url');

export function dynamoSuggestionCache(db: DynamoDBDocumentClient, TableName: string): SuggestionCache {
  const key = (k: string) => ({ pk: `SUGGESTIONS#${k}`, sk: 'SUGGESTIONS' });
  return {
    async get(k) {
      const out = await db.send(new GetCommand({ TableName, Key: key(k) }));
      // TTL deletes late (up to days on AWS), so the expiry is checked on read too.
      if (!out.Item || Number(out.Item.expiresAt) < Date.now() / 1000) return undefined;
      return out.Item.sugerencias as CourseSuggestion[];
    },
    async put(k, sugerencias) {
      await db.send(new PutCommand({ TableName, Item: { ...key(k), sugerencias, expiresAt: Math.floor(Date.now() / 1000) + TTL_SECONDS } }));
    },
  };
}
