import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { userPk } from '../shared/table';
import { refused, writeIf } from '../shared/table-writes';
import type { PaymentProfile, PaymentsStore } from './ports';
import { PREMIUM_STATUSES } from './stripe-mappers';

// Keys (docs/data-model.md):
//   (USER#sub, PROFILE)          plan, stripeCustomerId, suscripcion, planEventAt, pagoFallido
//   (USER#sub, STRIPE_CUSTOMER)  gsi2: (STRIPE#<customerId>, USER#sub): webhook → learner
//   (STRIPE_EVENT, <prefix>#<md5 of the event id>)  Powertools Idempotency's lease record (event-lease.ts)

const PROFILE = 'PROFILE';
const LINK = 'STRIPE_CUSTOMER';
/** The learner's one open subscription Checkout (docs/payments.md, "Never doubled"). */
const CHECKOUT = 'STRIPE_CHECKOUT';

export function dynamoPaymentsStore(db: DynamoDBDocumentClient, tableName: string): PaymentsStore {
  const profileKey = (userId: string) => ({ pk: userPk(userId), sk: PROFILE });

  const readProfile = async (userId: string): Promise<PaymentProfile | undefined> => {
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
    };
  };

  async function link(userId: string, customerId: string, replacing: string | undefined, followWinner: boolean): Promise<string> {
    try {
      // Both items or neither: a profile naming a customer the webhook cannot trace back to the
      // learner would leave a paying learner on gratuito (every event "for an unknown customer").
      await db.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName: tableName,
                Key: profileKey(userId),
                UpdateExpression: 'SET stripeCustomerId = :c',
                // Set once; the same id again (a repair), or replacing a customer Stripe no longer has.
                ConditionExpression: `attribute_exists(pk) AND (attribute_not_exists(stripeCustomerId) OR stripeCustomerId = :c${replacing ? ' OR stripeCustomerId = :old' : ''})`,
                ExpressionAttributeValues: { ':c': customerId, ...(replacing && { ':old': replacing }) },
              },
            },
            {
              // No condition of its own on purpose: the link always follows the profile, whatever it
              // pointed at before (a half-written link from before this transaction is overwritten).
              // The profile's condition above decides for both: it holds only when the profile names
              // this customer, so the link can never point anywhere the profile does not.
              Put: {
                TableName: tableName,
                Item: { pk: userPk(userId), sk: LINK, customerId, gsi2pk: `STRIPE#${customerId}`, gsi2sk: userPk(userId) },
              },
            },
          ],
        }),
      );
      return customerId;
    } catch (error) {
      if (!refused(error)) throw error;
      const current = (await readProfile(userId))?.stripeCustomerId;
      // Another request linked a different customer first: that one wins, and its link is made sure of.
      if (followWinner && current && current !== customerId) return link(userId, current, undefined, false);
      throw error;
    }
  }

  return {
    profile: readProfile,

    linkCustomer: (userId, customerId, replacing) => link(userId, customerId, replacing, true),

    async linkedCustomer(userId) {
      const out = await db.send(new GetCommand({ TableName: tableName, Key: { pk: userPk(userId), sk: LINK } }));
      return out.Item?.customerId as string | undefined;
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

    async applySubscription(userId, sub, eventCreated) {
      const premium = PREMIUM_STATUSES.has(sub.status);
      // An older event never overwrites a newer one; ending a subscription that is not the
      // learner's current one (an earlier, replaced subscription) leaves the plan alone.
      const condition = premium
        ? 'attribute_exists(pk) AND (attribute_not_exists(planEventAt) OR planEventAt <= :t)'
        : 'attribute_exists(pk) AND (attribute_not_exists(planEventAt) OR planEventAt <= :t) AND (attribute_not_exists(suscripcion) OR suscripcion.id = :sid)';
      return writeIf(
        db.send(
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
        ),
      );
    },

    async setPaymentFailed(userId, failed, eventCreated) {
      return writeIf(
        db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: profileKey(userId),
            UpdateExpression: 'SET pagoFallido = :f, pagoEventAt = :t',
            ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(pagoEventAt) OR pagoEventAt <= :t)',
            ExpressionAttributeValues: { ':f': failed, ':t': eventCreated },
          }),
        ),
      );
    },

    async claimCheckout(userId, sessionId, at) {
      const Key = { pk: userPk(userId), sk: CHECKOUT };
      await writeIf(
        db.send(
          new UpdateCommand({
            TableName: tableName,
            Key,
            UpdateExpression: 'SET sessionId = :s, claimedAt = :at',
            // A request that started earlier but got here later never displaces a newer one's session.
            ConditionExpression: 'attribute_not_exists(claimedAt) OR claimedAt <= :at',
            ExpressionAttributeValues: { ':s': sessionId, ':at': at },
          }),
        ),
      );
      const out = await db.send(new GetCommand({ TableName: tableName, Key, ConsistentRead: true }));
      return (out.Item?.sessionId as string | undefined) ?? sessionId;
    },
  };
}
