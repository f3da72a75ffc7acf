import { BatchWriteCommand, GetCommand, TransactWriteCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { userPk } from '../shared/table';
import { queryAll } from '../shared/table-query';
import { cancelledBy, writeIf } from '../shared/table-writes';
import { countKey, MATERIAL_PREFIX, materialKey, passageKey, passagePrefix, type MaterialItem, type Passage, type PassageItem } from './material-items';

export interface MaterialStore {
  /** Writes the material and counts it, unless the learner already holds `maximo`: false then, nothing written. */
  create(userId: string, item: MaterialItem, maximo: number): Promise<boolean>;
  /** Writes passages numbered from `from` (a file's job writes them a slice at a time). */
  putPassages(userId: string, materialId: string, passages: (Passage & { vector?: number[] })[], from?: number): Promise<void>;
  /** Deletes a material's passages (a failed file job: nothing half written stays). */
  dropPassages(userId: string, materialId: string): Promise<void>;
  /** Sets the state (and the passages stored; a file's sizes once extracted) of a material that still exists. */
  finish(userId: string, materialId: string, change: Finish): Promise<void>;
  /**
   * A file's job takes the material: true when it is `procesando` and no other run holds it since
   * `staleBefore` (S3 may deliver an event twice; a run that died frees it once its lease is past).
   */
  claim(userId: string, materialId: string, at: string, staleBefore: string): Promise<boolean>;
  /** Pages done so far, while the material is still `procesando`. */
  progress(userId: string, materialId: string, progreso: { hechas: number; total: number }): Promise<void>;
  get(userId: string, materialId: string): Promise<MaterialItem | undefined>;
  list(userId: string): Promise<MaterialItem[]>;
  passages(userId: string, materialId: string): Promise<PassageItem[]>;
  /** Deletes the passages, then the material and its count; false when there was no such material. */
  remove(userId: string, materialId: string): Promise<boolean>;
}

export type Finish = Pick<MaterialItem, 'estado' | 'motivo' | 'pasajes' | 'actualizadoEn'> & Partial<Pick<MaterialItem, 'caracteres' | 'paginas'>>;

const BATCH = 25;
const ATTEMPTS = 8;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const viewOf = (i: Record<string, unknown>): MaterialItem => {
  const { materialId, titulo, origen, estado, motivo, tipo, bytes, progreso, caracteres, paginas, pasajes, creadoEn, actualizadoEn } = i as unknown as MaterialItem;
  return {
    materialId, titulo, origen, estado, ...(motivo && { motivo }), ...(tipo && { tipo }), ...(bytes !== undefined && { bytes }),
    ...(progreso && estado === 'procesando' && { progreso }), caracteres, paginas, pasajes, creadoEn, actualizadoEn,
  };
};

export function dynamoMaterialStore(db: DynamoDBDocumentClient, TableName: string): MaterialStore {
  /** BatchWriteItem 25 at a time, asking again for what DynamoDB left unprocessed (throttling). */
  async function batch(requests: Record<string, unknown>[]) {
    for (let i = 0; i < requests.length; i += BATCH) {
      let left = requests.slice(i, i + BATCH);
      for (let attempt = 0; left.length; attempt++) {
        if (attempt === ATTEMPTS) throw new Error(`${left.length} writes still unprocessed after ${ATTEMPTS} attempts`);
        if (attempt > 0) await pause(Math.min(1000, 25 * 2 ** attempt));
        const out = await db.send(new BatchWriteCommand({ RequestItems: { [TableName]: left } }));
        left = (out.UnprocessedItems?.[TableName] ?? []);
      }
    }
  }

  const passageItems = (userId: string, materialId: string) =>
    queryAll<PassageItem & { pk: string; sk: string }>(db, {
      TableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':pk': userPk(userId), ':p': passagePrefix(materialId) },
    });

  return {
    create(userId, item, maximo) {
      return writeIf(
        db.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Update: {
                  TableName,
                  Key: countKey(userId),
                  UpdateExpression: 'ADD n :one',
                  ConditionExpression: 'attribute_not_exists(n) OR n < :max',
                  ExpressionAttributeValues: { ':one': 1, ':max': maximo },
                },
              },
              { Put: { TableName, Item: { ...item, ...materialKey(userId, item.materialId) }, ConditionExpression: 'attribute_not_exists(pk)' } },
            ],
          }),
        ),
        (error) => cancelledBy(error, 0),
      );
    },

    async putPassages(userId, materialId, passages, from = 0) {
      await batch(passages.map((p, i) => {
        const orden = from + i;
        return { PutRequest: { Item: { ...passageKey(userId, materialId, orden), materialId, orden, pagina: p.pagina, texto: p.texto, ...(p.vector && { vector: p.vector }) } } };
      }));
    },

    async dropPassages(userId, materialId) {
      await batch((await passageItems(userId, materialId)).map(({ pk, sk }) => ({ DeleteRequest: { Key: { pk, sk } } })));
    },

    async finish(userId, materialId, change) {
      const sizes = change.caracteres !== undefined && change.paginas !== undefined;
      // A material deleted while it was processed stays deleted.
      await writeIf(
        db.send(
          new UpdateCommand({
            TableName,
            Key: materialKey(userId, materialId),
            UpdateExpression: `SET estado = :e, pasajes = :n, actualizadoEn = :at${sizes ? ', caracteres = :c, paginas = :p' : ''}${change.motivo ? ', motivo = :m' : ''}` +
              ` REMOVE progreso, procesadoDesde${change.motivo ? '' : ', motivo'}`,
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: {
              ':e': change.estado, ':n': change.pasajes, ':at': change.actualizadoEn,
              ...(change.motivo && { ':m': change.motivo }), ...(sizes && { ':c': change.caracteres, ':p': change.paginas }),
            },
          }),
        ),
      );
    },

    claim(userId, materialId, at, staleBefore) {
      return writeIf(
        db.send(
          new UpdateCommand({
            TableName,
            Key: materialKey(userId, materialId),
            UpdateExpression: 'SET procesadoDesde = :at',
            ConditionExpression: 'estado = :p AND (attribute_not_exists(procesadoDesde) OR procesadoDesde < :stale)',
            ExpressionAttributeValues: { ':at': at, ':p': 'procesando', ':stale': staleBefore },
          }),
        ),
      );
    },

    async progress(userId, materialId, progreso) {
      await writeIf(
        db.send(
          new UpdateCommand({
            TableName,
            Key: materialKey(userId, materialId),
            UpdateExpression: 'SET progreso = :g',
            ConditionExpression: 'estado = :p',
            ExpressionAttributeValues: { ':g': progreso, ':p': 'procesando' },
          }),
        ),
      );
    },

    async get(userId, materialId) {
      const out = await db.send(new GetCommand({ TableName, Key: materialKey(userId, materialId) }));
      return out.Item && viewOf(out.Item);
    },

    async list(userId) {
      const items = await queryAll(db, {
        TableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
        ExpressionAttributeValues: { ':pk': userPk(userId), ':p': MATERIAL_PREFIX },
      });
      return items.map(viewOf);
    },

    async passages(userId, materialId) {
      return (await passageItems(userId, materialId)).map(({ materialId: m, orden, pagina, texto, vector }) => ({ materialId: m, orden, pagina, texto, ...(vector && { vector }) }));
    },

    async remove(userId, materialId) {
      const existing = await db.send(new GetCommand({ TableName, Key: materialKey(userId, materialId), ProjectionExpression: 'pk' }));
      if (!existing.Item) return false;
      // Passages first: if this stops half way, the material is still listed and a second DELETE finishes.
      await batch((await passageItems(userId, materialId)).map(({ pk, sk }) => ({ DeleteRequest: { Key: { pk, sk } } })));
      return writeIf(
        db.send(
          new TransactWriteCommand({
            TransactItems: [
              { Delete: { TableName, Key: materialKey(userId, materialId), ConditionExpression: 'attribute_exists(pk)' } },
              { Update: { TableName, Key: countKey(userId), UpdateExpression: 'ADD n :minus', ExpressionAttributeValues: { ':minus': -1 } } },
            ],
          }),
        ),
        (error) => cancelledBy(error, 0),
      );
    },
  };
}
