import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { MaterialStore } from '../materials';
import { aulaKey } from './aula-items';

// What other rooms ask about copies (issue 31, docs/aulas.md "Sharing a copy"): sharing asks whether
// an aula lets its members publish their copies; aula copies and shared copies ask which of an
// author's materials still exist, so a deleted one leaves no quote in a later copy.

/** Whether the aula lets members share their copies publicly: only when its teacher said so (absent, or aula gone: no). */
export const aulaAllowsSharing = (db: DynamoDBDocumentClient, TableName: string) => async (aulaId: string): Promise<boolean> => {
  const out = await db.send(new GetCommand({ TableName, Key: aulaKey(aulaId), ProjectionExpression: 'permiteCompartir', ConsistentRead: true }));
  return out.Item?.permiteCompartir === true;
};

/** The ids among `ids` of the author's materials that still exist (one GetItem each; a course cites at most a few). */
export const liveMaterialIds = (materials: Pick<MaterialStore, 'get'>) => async (userId: string, ids: string[]): Promise<Set<string>> =>
  new Set((await Promise.all(ids.map(async (id) => ((await materials.get(userId, id)) ? [id] : [])))).flat());
