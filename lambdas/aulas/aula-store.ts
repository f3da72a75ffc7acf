import { GetCommand, TransactWriteCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { AssignedCourse } from '../contract';
import { DIPLOMADO_PREFIX, type DiplomadoItem } from '../course-model';
import { userPk } from '../shared/table';
import { queryAll } from '../shared/table-query';
import { cancelledBy, conflicted, writeIf } from '../shared/table-writes';
import {
  AULA_SK, copyPointerKey, MEMBER_POINTER_PREFIX, MEMBER_PREFIX, TEACHER_POINTER_PREFIX, aulaKey, aulaPk, codeKey, countKey, lookupKey, memberKey, memberPointerKey,
  teacherPointerKey, type AulaItem, type CopyPointer, type MemberItem,
} from './aula-items';
import { batchGet, batchWrite } from './batch';

export type CreateOutcome = 'creada' | 'limite' | 'codigo-usado';
export type JoinOutcome = 'unido' | 'no-cabe' | 'ya-miembro';

const strip = <T>({ pk: _pk, sk: _sk, ...rest }: T & { pk: string; sk: string }) => rest as T;

/** The aulas' items on the one table (aula-items.ts); every write that a refusal may stop is conditional. */
export function dynamoAulaStore(db: DynamoDBDocumentClient, TableName: string) {
  const get = async <T>(Key: { pk: string; sk: string }, consistent = false) =>
    (await db.send(new GetCommand({ TableName, Key, ConsistentRead: consistent }))).Item as (T & { pk: string; sk: string }) | undefined;
  const pointers = (userId: string, prefix: string) =>
    queryAll<{ aulaId: string }>(db, { TableName, KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)', ExpressionAttributeValues: { ':pk': userPk(userId), ':p': prefix } });

  return {
    async displayName(userId: string): Promise<string | undefined> {
      return (await get<{ nombre?: string }>({ pk: userPk(userId), sk: 'PROFILE' }))?.nombre;
    },
    /** The aula, its code, the teacher's pointer and count: all or nothing. */
    async create(aula: AulaItem, maximo: number): Promise<CreateOutcome> {
      try {
        await db.send(new TransactWriteCommand({
          TransactItems: [
            { Update: { TableName, Key: countKey(aula.teacherId), UpdateExpression: 'ADD n :one', ConditionExpression: 'attribute_not_exists(n) OR n < :max', ExpressionAttributeValues: { ':one': 1, ':max': maximo } } },
            { Put: { TableName, Item: { ...codeKey(aula.codigo), aulaId: aula.aulaId }, ConditionExpression: 'attribute_not_exists(pk)' } },
            { Put: { TableName, Item: { ...aulaKey(aula.aulaId), ...aula }, ConditionExpression: 'attribute_not_exists(pk)' } },
            { Put: { TableName, Item: { ...teacherPointerKey(aula.teacherId, aula.aulaId), aulaId: aula.aulaId } } },
          ],
        }));
        return 'creada';
      } catch (error) {
        if (cancelledBy(error, 0)) return 'limite';
        if (cancelledBy(error, 1)) return 'codigo-usado';
        throw error;
      }
    },
    /**
     * An LMS course's aula (lms-aulas.ts): as create, but its id is the course's and the teacher's plan does not
     * bound it (the school's LMS decides who teaches); it still counts among the teacher's aulas, as remove expects.
     */
    async createLms(aula: AulaItem): Promise<'creada' | 'existe' | 'codigo-usado' | 'conflicto'> {
      try {
        await db.send(new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName, Item: { ...aulaKey(aula.aulaId), ...aula }, ConditionExpression: 'attribute_not_exists(pk)' } },
            { Put: { TableName, Item: { ...codeKey(aula.codigo), aulaId: aula.aulaId }, ConditionExpression: 'attribute_not_exists(pk)' } },
            { Put: { TableName, Item: { ...teacherPointerKey(aula.teacherId, aula.aulaId), aulaId: aula.aulaId } } },
            { Update: { TableName, Key: countKey(aula.teacherId), UpdateExpression: 'ADD n :one', ExpressionAttributeValues: { ':one': 1 } } },
          ],
        }));
        return 'creada';
      } catch (error) {
        if (cancelledBy(error, 0)) return 'existe';
        if (cancelledBy(error, 1)) return 'codigo-usado';
        // Another launch's transaction held an item at that moment: read again, then try again.
        if (conflicted(error)) return 'conflicto';
        throw error;
      }
    },
    /** One of the teacher's own diplomados (its courses are assigned with it). */
    async diplomado(userId: string, diplomadoId: string): Promise<DiplomadoItem | undefined> {
      return get<DiplomadoItem>({ pk: userPk(userId), sk: `${DIPLOMADO_PREFIX}${diplomadoId}` });
    },
    async aula(aulaId: string, consistent = false): Promise<AulaItem | undefined> {
      const item = await get<AulaItem>(aulaKey(aulaId), consistent);
      return item && strip(item);
    },
    async aulaIdByCode(codigo: string): Promise<string | undefined> {
      return (await get<{ aulaId: string }>(codeKey(codigo)))?.aulaId;
    },
    async member(aulaId: string, userId: string, consistent = false): Promise<MemberItem | undefined> {
      const item = await get<MemberItem>(memberKey(aulaId, userId), consistent);
      return item && strip(item);
    },
    /** The aula and every member: one Query on the aula's partition. */
    async group(aulaId: string): Promise<{ aula?: AulaItem; members: MemberItem[] }> {
      const items = await queryAll<(AulaItem | MemberItem) & { pk: string; sk: string }>(db, { TableName, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': aulaPk(aulaId) } });
      const aula = items.find((i) => i.sk === AULA_SK) as (AulaItem & { pk: string; sk: string }) | undefined;
      const members = items.filter((i) => i.sk.startsWith(MEMBER_PREFIX)).map((i) => strip(i as MemberItem & { pk: string; sk: string }));
      return { aula: aula && strip(aula), members };
    },
    /** The aulas a learner teaches: their pointers, then the aulas (BatchGetItem). */
    async taught(userId: string): Promise<AulaItem[]> {
      const ids = (await pointers(userId, TEACHER_POINTER_PREFIX)).map((p) => p.aulaId);
      return (await batchGet<AulaItem>(db, TableName, ids.map(aulaKey))).map((i) => strip(i));
    },
    /** The aulas a learner is in, with their own member item of each. */
    async joined(userId: string): Promise<{ aula: AulaItem; member: MemberItem }[]> {
      const ids = (await pointers(userId, MEMBER_POINTER_PREFIX)).map((p) => p.aulaId);
      const items = await batchGet<AulaItem | MemberItem>(db, TableName, ids.flatMap((id) => [aulaKey(id), memberKey(id, userId)]));
      const find = (pk: string, sk: string) => items.find((i) => i.pk === pk && i.sk === sk);
      return ids.flatMap((id) => {
        const aula = find(aulaPk(id), AULA_SK) as (AulaItem & { pk: string; sk: string }) | undefined;
        const member = find(aulaPk(id), memberKey(id, userId).sk) as (MemberItem & { pk: string; sk: string }) | undefined;
        return aula && member ? [{ aula: strip(aula), member: strip(member) }] : [];
      });
    },
    /**
     * Replaces what the aula studies (and, when given, whether members may share their copies) only while it still
     * lists the courses the caller read (`seen`, by id and order) and the caller is its teacher. Both writers of
     * `cursos` use it (PUT /aulas/{id}/asignaciones and Deep Linking's additions, lms-links.ts), so two at the same
     * moment never write over each other: the loser reads again and merges (false: read again to know which).
     */
    setCoursesIf(aulaId: string, teacherId: string, seen: AssignedCourse[], cursos: AssignedCourse[], permiteCompartir?: boolean): Promise<boolean> {
      const same = seen.map((_, i) => `cursos[${i}].courseId = :s${i}`);
      const sharing = permiteCompartir === undefined ? {} : { ':p': permiteCompartir };
      return writeIf(db.send(new UpdateCommand({
        TableName, Key: aulaKey(aulaId), UpdateExpression: `SET cursos = :c${permiteCompartir === undefined ? '' : ', permiteCompartir = :p'}`,
        ConditionExpression: ['attribute_exists(pk)', 'teacherId = :me', 'size(cursos) = :n', ...same].join(' AND '),
        ExpressionAttributeValues: { ':c': cursos, ':me': teacherId, ':n': seen.length, ...sharing, ...Object.fromEntries(seen.map((c, i) => [`:s${i}`, c.courseId])) },
      })));
    },
    /** One place taken (if one is left), the member item and the member's pointer: all or nothing. */
    async join(aulaId: string, member: MemberItem): Promise<JoinOutcome> {
      try {
        await db.send(new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName, Key: aulaKey(aulaId), UpdateExpression: 'ADD miembros :one',
                ConditionExpression: 'attribute_exists(pk) AND miembros < maxMiembros AND teacherId <> :me', ExpressionAttributeValues: { ':one': 1, ':me': member.userId },
              },
            },
            { Put: { TableName, Item: { ...memberKey(aulaId, member.userId), ...member }, ConditionExpression: 'attribute_not_exists(pk)' } },
            { Put: { TableName, Item: { ...memberPointerKey(member.userId, aulaId), aulaId } } },
          ],
        }));
        return 'unido';
      } catch (error) {
        if (cancelledBy(error, 1)) return 'ya-miembro';
        if (cancelledBy(error, 0)) return 'no-cabe';
        throw error;
      }
    },
    /** The member item, the place and the pointer go together; false when the learner was not a member. */
    leave(aulaId: string, userId: string): Promise<boolean> {
      return writeIf(db.send(new TransactWriteCommand({
        TransactItems: [
          { Delete: { TableName, Key: memberKey(aulaId, userId), ConditionExpression: 'attribute_exists(pk)' } },
          { Update: { TableName, Key: aulaKey(aulaId), UpdateExpression: 'ADD miembros :minus', ConditionExpression: 'attribute_exists(pk)', ExpressionAttributeValues: { ':minus': -1 } } },
          { Delete: { TableName, Key: memberPointerKey(userId, aulaId) } },
        ],
      })), (error) => cancelledBy(error, 0) || cancelledBy(error, 1));
    },
    /** The aula, its code, the teacher's pointer and count go at once (only its teacher's call); then members and their pointers. */
    async remove(aula: AulaItem, teacherId: string, members: MemberItem[]): Promise<boolean> {
      const removed = await writeIf(db.send(new TransactWriteCommand({
        TransactItems: [
          { Delete: { TableName, Key: aulaKey(aula.aulaId), ConditionExpression: 'teacherId = :me', ExpressionAttributeValues: { ':me': teacherId } } },
          { Delete: { TableName, Key: codeKey(aula.codigo) } },
          { Delete: { TableName, Key: teacherPointerKey(teacherId, aula.aulaId) } },
          { Update: { TableName, Key: countKey(teacherId), UpdateExpression: 'ADD n :minus', ConditionExpression: 'n > :zero', ExpressionAttributeValues: { ':minus': -1, ':zero': 0 } } },
        ],
      })), (error) => cancelledBy(error, 0));
      if (!removed) return false;
      await batchWrite(db, TableName, members.flatMap((m) => [
        { DeleteRequest: { Key: memberKey(aula.aulaId, m.userId) } },
        { DeleteRequest: { Key: memberPointerKey(m.userId, aula.aulaId) } },
      ]));
      return true;
    },
    /** The learner's copy of a teacher's course, whatever aula it came through (consistent: a copy just made counts). */
    async copyPointer(userId: string, sourceId: string): Promise<CopyPointer | undefined> {
      const item = await get<CopyPointer>(copyPointerKey(userId, sourceId), true);
      return item && strip(item);
    },
    /** Claims the member's copy of a course before it is written, so two requests never make two copies. */
    reserveCopy(aulaId: string, userId: string, sourceId: string, copyId: string): Promise<boolean> {
      return writeIf(db.send(new UpdateCommand({
        TableName, Key: memberKey(aulaId, userId), UpdateExpression: 'SET copias.#c = :id',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(copias.#c)', ExpressionAttributeNames: { '#c': sourceId }, ExpressionAttributeValues: { ':id': copyId },
      })));
    },
    /** Gives a claim back when its copy could not be written. */
    async releaseCopy(aulaId: string, userId: string, sourceId: string, copyId: string): Promise<void> {
      await writeIf(db.send(new UpdateCommand({
        TableName, Key: memberKey(aulaId, userId), UpdateExpression: 'REMOVE copias.#c',
        ConditionExpression: 'copias.#c = :id', ExpressionAttributeNames: { '#c': sourceId }, ExpressionAttributeValues: { ':id': copyId },
      })));
    },
    /** One lookup by code this hour, unless `limit` were made already (then false, nothing counted). */
    takeLookup(userId: string, hour: string, limit: number, expiresAt: number): Promise<boolean> {
      return writeIf(db.send(new UpdateCommand({
        TableName, Key: lookupKey(userId, hour), UpdateExpression: 'ADD n :one SET expiresAt = :exp',
        ConditionExpression: 'attribute_not_exists(n) OR n < :limit', ExpressionAttributeValues: { ':one': 1, ':limit': limit, ':exp': expiresAt },
      })));
    },
  };
}

export type AulaStore = ReturnType<typeof dynamoAulaStore>;
