import { GetCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { UpdateProfileRequest, User } from '../contract';
import { userPk } from '../shared/table';
import { answerIf } from '../shared/table-writes';
import { courseSk } from '../course-model';

const PROFILE = 'PROFILE';

/** Where learners live: one item per learner at (USER#sub, PROFILE). */
export interface UserStore {
  get(userId: string): Promise<User | undefined>;
  /** Creates the learner on first sight, or refreshes the identity fields; one round trip. */
  ensure(identity: { id: string; email: string; nombre: string }): Promise<User>;
  updateProfile(userId: string, changes: UpdateProfileRequest): Promise<User | undefined>;
}

/** Each course's own "topic on my public profile" switch (PUT /users/courses/{id}/visibility). */
export interface CourseTopicStore {
  /** The topic of one of the learner's courses, or undefined when they have no such course. */
  courseTopic(userId: string, courseId: string): Promise<string | undefined>;
  /**
   * Shows (topic) or hides (undefined) one course's topic on the public profile: one entry of the
   * profile's `temasPublicos` map. Answers the updated learner, or undefined without a profile.
   */
  setCourseTopic(userId: string, courseId: string, topic: string | undefined): Promise<User | undefined>;
}

type Item = User & { pk: string; sk: string; updatedAt: string };

const toUser = (item: Record<string, unknown>): User => {
  const { id, email, nombre, plan, intereses, bio, createdAt, perfilPublico, temasPublicos, voz, pais, tratamiento } = item as Item;
  return {
    id, email, nombre, plan: plan ?? { nombre: 'gratuito' }, intereses: intereses ?? [], bio: bio ?? '', createdAt,
    ...(typeof perfilPublico === 'boolean' && { perfilPublico }),
    ...(temasPublicos && { temasPublicos }),
    ...(voz && { voz }),
    ...(pais && { pais }),
    ...(tratamiento && { tratamiento }),
  };
};

export function dynamoUserStore(db: DynamoDBDocumentClient, tableName: string): UserStore & CourseTopicStore {
  const key = (userId: string) => ({ pk: userPk(userId), sk: PROFILE });
  const store: UserStore & CourseTopicStore = {
    async get(userId) {
      const out = await db.send(new GetCommand({ TableName: tableName, Key: key(userId) }));
      return out.Item && toUser(out.Item);
    },

    async ensure({ id, email, nombre }) {
      const now = new Date().toISOString();
      // if_not_exists keeps what the learner chose (their nombre, plan, interests) on later sign-ins.
      const out = await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: key(id),
          UpdateExpression:
            'SET id = :id, email = :email, nombre = if_not_exists(nombre, :nombre), #plan = if_not_exists(#plan, :plan), ' +
            'intereses = if_not_exists(intereses, :empty), bio = if_not_exists(bio, :blank), ' +
            'createdAt = if_not_exists(createdAt, :now), updatedAt = :now',
          ExpressionAttributeNames: { '#plan': 'plan' },
          ExpressionAttributeValues: {
            ':id': id,
            ':email': email,
            ':nombre': nombre,
            ':plan': { nombre: 'gratuito' },
            ':empty': [],
            ':blank': '',
            ':now': now,
          },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return toUser(out.Attributes!);
    },

    async updateProfile(userId, changes) {
      const names: Record<string, string> = {};
      const values: Record<string, unknown> = { ':now': new Date().toISOString() };
      const sets = ['updatedAt = :now'];
      for (const [field, value] of Object.entries(changes)) {
        if (value === undefined) continue;
        names[`#${field}`] = field;
        values[`:${field}`] = value;
        sets.push(`#${field} = :${field}`);
      }
      const out = await answerIf(
        db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: key(userId),
            UpdateExpression: `SET ${sets.join(', ')}`,
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeNames: names,
            ExpressionAttributeValues: values,
            ReturnValues: 'ALL_NEW',
          }),
        ),
      );
      return out && toUser(out.Attributes!);
    },

    async courseTopic(userId, courseId) {
      const out = await db.send(
        new GetCommand({ TableName: tableName, Key: { pk: userPk(userId), sk: courseSk(courseId) }, ProjectionExpression: 'topic' }),
      );
      return out.Item ? String(out.Item.topic) : undefined;
    },

    async setCourseTopic(userId, courseId, topic) {
      const names = { '#m': 'temasPublicos', '#c': courseId };
      const now = new Date().toISOString();
      const write = (expression: string, values: Record<string, unknown>, condition: string) =>
        db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: key(userId),
            UpdateExpression: expression,
            ConditionExpression: condition,
            ExpressionAttributeNames: expression.includes('#c') ? names : { '#m': names['#m'] },
            ExpressionAttributeValues: values,
            ReturnValues: 'ALL_NEW',
          }),
        );
      // One entry of a map: two switches flipped at once never overwrite each other.
      const entry = await answerIf(
        topic === undefined
          ? write('SET updatedAt = :now REMOVE #m.#c', { ':now': now }, 'attribute_exists(#m)')
          : write('SET #m.#c = :t, updatedAt = :now', { ':t': topic, ':now': now }, 'attribute_exists(#m)'),
      );
      if (entry) return toUser(entry.Attributes!);
      // The profile has no map yet (a nested path needs it): create it with this one entry.
      const map = await answerIf(write('SET #m = :map, updatedAt = :now', { ':map': topic === undefined ? {} : { [courseId]: topic }, ':now': now }, 'attribute_exists(pk) AND attribute_not_exists(#m)'));
      if (map) return toUser(map.Attributes!);
      // Either no profile, or another request created the map meanwhile: read which.
      const current = await store.get(userId);
      return current && store.setCourseTopic(userId, courseId, topic);
    },
  };
  return store;
}
