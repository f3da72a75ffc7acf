import { DeleteCommand, GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { TutorTurn } from '../contract';
import { userPk } from '../shared/table';
import { queryAll } from '../shared/table-query';
import { writeIf } from '../shared/table-writes';
import { MAX_TURNS, type Conversation } from './history';

// The tutor's conversation as items sized for their traffic (issue 23), in the learner's partition:
//   TUTOR#<courseId>                 head: version (optimistic lock), seq (turns ever appended), resumen
//   TUTOR#<courseId>#T#<seq, 8 digits> one turn each: only the last MAX_TURNS are kept
// A message moves the head on under its version check, then puts its two turns and deletes the
// two that fell out of the window: a few small items written, never the whole conversation. A head written before (with `turnos` inside) is read as it is and turned into
// items at its next save.

const headKey = (userId: string, courseId: string) => ({ pk: userPk(userId), sk: `TUTOR#${courseId}` });
const turnPrefix = (courseId: string) => `TUTOR#${courseId}#T#`;
const turnKey = (userId: string, courseId: string, seq: number) => ({ pk: userPk(userId), sk: `${turnPrefix(courseId)}${String(seq).padStart(8, '0')}` });

interface Head {
  version?: number;
  seq?: number;
  resumen?: string;
  /** A conversation stored whole, before turns were items. */
  turnos?: TutorTurn[];
}

const turnOf = ({ rol, texto, fecha, ...rest }: Record<string, unknown>) => {
  const { pk: _pk, sk: _sk, courseId: _c, ...extra } = rest;
  return { rol, texto, fecha, ...extra } as TutorTurn;
};

export function dynamoConversations(db: DynamoDBDocumentClient, TableName: string) {
  return {
    async conversation(userId: string, courseId: string): Promise<Conversation> {
      const [head, turns] = await Promise.all([
        db.send(new GetCommand({ TableName, Key: headKey(userId, courseId) })).then((o) => o.Item as Head | undefined),
        queryAll(db, {
          TableName,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
          ExpressionAttributeValues: { ':pk': userPk(userId), ':p': turnPrefix(courseId) },
          ScanIndexForward: false,
          Limit: MAX_TURNS,
        }),
      ]);
      if (!head) return { turnos: [], version: 0 };
      // Only the head's window: a save that raced a clear may have left stray turns behind.
      const first = (head.seq ?? 0) - MAX_TURNS + 1;
      const inWindow = turns.filter((t) => Number(String(t.sk).slice(-8)) >= first && Number(String(t.sk).slice(-8)) <= (head.seq ?? 0));
      const turnos = head.turnos ?? inWindow.slice(0, MAX_TURNS).reverse().map(turnOf);
      // A head stored whole is seq 0 with every turn new: its next save writes them as items.
      return { turnos, ...(head.resumen && { resumen: head.resumen }), version: head.version ?? 0, seq: head.turnos ? 0 : (head.seq ?? 0), ...(head.turnos && { legacy: true }) };
    },

    async saveConversation(userId: string, courseId: string, conv: Conversation, expectedVersion: number): Promise<boolean> {
      const seq = conv.seq ?? 0;
      // The turns not stored yet: the ones appended to what was read (history.ts appendTurns counts them).
      const added = conv.legacy ? conv.turnos.length : Math.min(conv.turnos.length, conv.added ?? conv.turnos.length - Math.min(seq, MAX_TURNS));
      const fresh = conv.turnos.slice(conv.turnos.length - added);
      const next = seq + added;
      // Turns that fall out of the window of the last MAX_TURNS (none stored before seq - MAX_TURNS + 1).
      const dropped: number[] = [];
      for (let s = Math.max(1, seq - MAX_TURNS + 1); s <= next - MAX_TURNS; s++) dropped.push(s);
      const now = new Date().toISOString();
      // The head's version check claims seqs seq+1..next for this save alone (another tab's save fails
      // here and re-reads); then the turns. No transaction: it would bill every item twice.
      const claimed = await writeIf(
        db.send(
          new UpdateCommand({
            TableName,
            Key: headKey(userId, courseId),
            UpdateExpression: `SET courseId = :c, version = :next, seq = :seq, updatedAt = :now${conv.resumen ? ', resumen = :r' : ''}${conv.legacy ? ' REMOVE turnos' : ''}`,
            // Only a conversation read as new (version 0) may create the head: a save read before a
            // clear would otherwise write the cleared turns back.
            ConditionExpression: expectedVersion === 0 ? 'attribute_not_exists(pk)' : 'version = :v',
            ExpressionAttributeValues: {
              ':c': courseId, ':next': expectedVersion + 1, ':seq': next, ':now': now,
              ...(conv.resumen && { ':r': conv.resumen }),
              ...(expectedVersion !== 0 && { ':v': expectedVersion }),
            },
          }),
        ),
      );
      if (!claimed) return false;
      await Promise.all([
        ...fresh.map((t, i) => db.send(new PutCommand({ TableName, Item: { ...turnKey(userId, courseId, seq + i + 1), courseId, ...t } }))),
        ...dropped.map((n) => db.send(new DeleteCommand({ TableName, Key: turnKey(userId, courseId, n) }))),
      ]);
      return true;
    },

    async clearConversation(userId: string, courseId: string): Promise<void> {
      // The head first: a save read before the clear then fails its version check and writes nothing.
      await db.send(new DeleteCommand({ TableName, Key: headKey(userId, courseId) }));
      const turns = await queryAll(db, {
        TableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
        ExpressionAttributeValues: { ':pk': userPk(userId), ':p': turnPrefix(courseId) },
        ProjectionExpression: 'pk, sk',
      });
      await Promise.all(turns.map((t) => db.send(new DeleteCommand({ TableName, Key: { pk: t.pk, sk: t.sk } }))));
    },
  };
}
