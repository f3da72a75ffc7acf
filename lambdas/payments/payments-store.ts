import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { userPk } from '../shared/table';
import type { PaymentProfile, PaymentsStore } from './ports';
import { PREMIUM_STATUSES } from './stripe-mappers';

// Keys (docs/data-model.md):
//   (USER#sub, PROFILE)          plan, stripeCustomerId, suscripcion, planEventAt, pagoFallido
//   (USER#sub, STRIPE_CUSTOMER)  gsi2: (STRIPE#<customerId>, USER#sub): webhook → learner
//   (EVENT#<eventId>, STRIPE)    one per processed Stripe event: replays are refused by a conditional put

const PROFILE = 'PROFILE';
const conditionFailed = (error: unknown) => (error as Error).name === 'ConditionalCheckFailedException';

export function dynamoPaymentsStore(db: DynamoDBDocumentClient, tableName: string): PaymentsStore {
  const profileKey = (userId: string) => ({ pk: userPk(userId), sk: PROFILE });
  return {
    async profile(userId) {
      const out = await db.send(new GetCommand({ TableName: tableName, Key: profileKey(userId) }));
      const i = out.Item as (Omit<PaymentProfile, 'userId' | 'plan'> & { plan?: { nombre?: string } }) | undefined;
      if (!i) return undefined;
      return {
        userId,
        email: i.email,
        nombre: i.nombre,
        plan: i.plan?.nombre === 'premium' ? 'premium' : 'gratuito',
        stripeCustomerId: i.stripeCustomerId,
        suscripcion: i.suscripcion,
        pagoFallido: Boolean(i.pagoFallido),
      } satisfies PaymentProfile;
    },

    async linkCustomer(userId, customerId, replacing) {
      try {
        await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: profileKey(userId),
            UpdateExpression: 'SET stripeCustomerId = :c',
            ConditionExpression: replacing
              ? 'attribute_exists(pk) AND stripeCustomerId = :old'
              : 'attribute_exists(pk) AND attribute_not_exists(stripeCustomerId)',
            ExpressionAttributeValues: { ':c': customerId, ...(replacing && { ':old': replacing }) },
          }),
        );
      } catch (error) {
        if (!conditionFailed(error)) throw error;
        const current = (await this.profile(userId))?.stripeCustomerId;
        if (current) return current;
        throw error;
      }
      await db.send(
        new PutCommand({
          TableName: tableName,
          Item: { pk: userPk(userId), sk: 'STRIPE_CUSTOMER', customerId, gsi2pk: `STRIPE#${customerId}`, gsi2sk: userPk(userId) },
        }),
      );
      return customerId;
    },

    async learnerForCustomer(customerId) {
      const out = await db.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: 'gsi2',
          KeyConditionExpression: 'gsi2pk = :k',
          ExpressionAttributeValues: { ':k': `STRIPE#${customerId}` },
          Limit: 1,
        }),
      );
      const pk = out.Items?.[0]?.pk as string | undefined;
      return pk?.startsWith('USER#') ? pk.slice('USER#'.length) : undefined;
    },

    async claimEvent(eventId, type) {
      try {
        await db.send(
          new PutCommand({
            TableName: tableName,
            Item: { pk: `EVENT#${eventId}`, sk: 'STRIPE', type, receivedAt: new Date().toISOString() },
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        );
        return true;
      } catch (error) {
        if (conditionFailed(error)) return false;
        throw error;
      }
    },

    async releaseEvent(eventId) {
      await db.send(new DeleteCommand({ TableName: tableName, Key: { pk: `EVENT#${eventId}`, sk: 'STRIPE' } }));
    },

    async applySubscription(userId, sub, eventCreated) {
      const premium = PREMIUM_STATUSES.has(sub.status);
      // An older event never overwrites a newer one; ending a subscription that is not the
      // learner's current one (an earlier, replaced subscription) leaves the plan alone.
      const condition = premium
        ? 'attribute_exists(pk) AND (attribute_not_exists(planEventAt) OR planEventAt <= :t)'
        : 'attribute_exists(pk) AND (attribute_not_exists(planEventAt) OR planEventAt <= :t) AND (attribute_not_exists(suscripcion) OR suscripcion.id = :sid)';
      try {
        await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: profileKey(userId),
            UpdateExpression: 'SET #plan = :plan, suscripcion = :s, planEventAt = :t',
            ConditionExpression: condition,
            ExpressionAttributeNames: { '#plan': 'plan' },
            ExpressionAttributeValues: {
              ':plan': { nombre: premium ? 'premium' : 'gratuito' },
              ':s': { id: sub.id, estado: sub.status, periodo: sub.periodo, renuevaEl: sub.renuevaEl, cancelaAlFinal: sub.cancelaAlFinal },
              ':t': eventCreated,
              ...(premium ? {} : { ':sid': sub.id }),
            },
          }),
        );
        return true;
      } catch (error) {
        if (conditionFailed(error)) return false;
        throw error;
      }
    },

    async setPaymentFailed(userId, failed, eventCreated) {
      try {
        await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: profileKey(userId),
            UpdateExpression: 'SET pagoFallido = :f, pagoEventAt = :t',
            ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(pagoEventAt) OR pagoEventAt <= :t)',
            ExpressionAttributeValues: { ':f': failed, ':t': eventCreated },
          }),
        );
        return true;
      } catch (error) {
        if (conditionFailed(error)) return false;
        throw error;
      }
    },
  };
}
