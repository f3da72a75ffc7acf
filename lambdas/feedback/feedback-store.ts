import { GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { userPk } from '../shared/table';
import { writeIf } from '../shared/table-writes';

// Votes on lessons and tutor answers, and their counters per prompt version (docs/data-model.md):
//   USER#<sub> / FEEDBACK#<courseId>#<target>       the learner's vote (one per target; a new vote replaces it)
//     gsi1: VALORACIONES#<promptVersion> / <fecha>  every vote of a prompt version, newest last (reasons)
//   VALORACION#<promptVersion> / MODELO#<modelId>   positivas, negativas, conMotivo
// The vote is written conditioned on the vote read before it (so of two concurrent votes on one
// target only one moves the counters), then the counters move by the difference. Not one
// transaction: the local DynamoDB stand-in has no TransactWriteItems, and a counter off by one
// after a crash between the two writes is acceptable for a quality signal.

export type Rating = 'positiva' | 'negativa';

export interface FeedbackVote {
  userId: string;
  courseId: string;
  /** `L#<moduleId>#<lessonId>` or `T#<fecha of the tutor answer>`. */
  target: string;
  tipo: 'leccion' | 'tutor';
  valoracion: Rating;
  motivo?: string;
  versionPrompt: string;
  modelo: string;
  fecha: string;
}

export interface FeedbackStore {
  /** Records the vote; answers false when another vote on the same target landed in between. */
  vote(v: FeedbackVote): Promise<boolean>;
}

export const feedbackKey = (userId: string, courseId: string, target: string) => ({ pk: userPk(userId), sk: `FEEDBACK#${courseId}#${target}` });
export const counterKey = (versionPrompt: string, modelo: string) => ({ pk: `VALORACION#${versionPrompt}`, sk: `MODELO#${modelo}` });
const field = (r: Rating) => (r === 'positiva' ? 'positivas' : 'negativas');

export function dynamoFeedbackStore(db: DynamoDBDocumentClient, TableName: string): FeedbackStore {
  return {
    async vote(v) {
      const key = feedbackKey(v.userId, v.courseId, v.target);
      const old = (await db.send(new GetCommand({ TableName, Key: key }))).Item as FeedbackVote | undefined;
      // Counter deltas by counter item (one transaction may touch an item once).
      const deltas = new Map<string, { key: ReturnType<typeof counterKey>; add: Record<string, number> }>();
      const move = (version: string, modelo: string, name: string, n: number) => {
        const k = counterKey(version, modelo);
        const entry = deltas.get(k.pk + k.sk) ?? { key: k, add: {} };
        entry.add[name] = (entry.add[name] ?? 0) + n;
        deltas.set(k.pk + k.sk, entry);
      };
      if (old) {
        move(old.versionPrompt, old.modelo, field(old.valoracion), -1);
        if (old.motivo) move(old.versionPrompt, old.modelo, 'conMotivo', -1);
      }
      move(v.versionPrompt, v.modelo, field(v.valoracion), 1);
      if (v.motivo) move(v.versionPrompt, v.modelo, 'conMotivo', 1);
      const voted = await writeIf(
        db.send(
          new PutCommand({
            TableName,
            Item: { ...key, ...v, gsi1pk: `VALORACIONES#${v.versionPrompt}`, gsi1sk: `${v.fecha}#${v.userId}` },
            ConditionExpression: old ? 'fecha = :prev' : 'attribute_not_exists(pk)',
            ...(old && { ExpressionAttributeValues: { ':prev': old.fecha } }),
          }),
        ),
      );
      if (!voted) return false;
      await Promise.all(
        [...deltas.values()].filter(({ add }) => Object.values(add).some((n) => n !== 0)).map(({ key: k, add }) => {
          const names = Object.keys(add).filter((n) => add[n] !== 0);
          return db.send(
            new UpdateCommand({
              TableName,
              Key: k,
              UpdateExpression: `ADD ${names.map((_, i) => `#f${i} :d${i}`).join(', ')} SET tipo = :tipo, updatedAt = :now`,
              ExpressionAttributeNames: Object.fromEntries(names.map((n, i) => [`#f${i}`, n])),
              ExpressionAttributeValues: { ...Object.fromEntries(names.map((n, i) => [`:d${i}`, add[n]])), ':tipo': v.tipo, ':now': v.fecha },
            }),
          );
        }),
      );
      return true;
    },
  };
}
