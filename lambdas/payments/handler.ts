import type { Context } from 'aws-lambda';
import * as z from 'zod';
import { billingDetails as billingSchema, paymentMethodId, upgradeRequest } from '../contract';
import { tableQuotas } from '../plans';
import { documentClient, dynamoClient } from '../shared/clients';
import { readConfig, tableName } from '../shared/config';
import { badRequest } from '../shared/errors';
import { API_TIMEOUT_SECONDS } from '../shared/function-timeouts';
import { createHandler, endpoint, ok, type HttpEvent } from '../shared/http';
import * as account from './account';
import { openPortal, startAddPaymentMethod, startUpgrade, type CheckoutDeps } from './checkout';
import { powertoolsEventLease, tableEventRecords } from './event-lease';
import { dynamoPaymentsStore } from './payments-store';
import { stripeClient, stripeSettings } from './stripe-client';
import { stripeGateway } from './stripe-gateway';
import { handleStripeWebhook, WEBHOOK_TOLERANCE_S, type WebhookDeps } from './webhook';

const config = readConfig({
  TABLE_NAME: tableName,
  ...stripeSettings,
  STRIPE_PRICE_MONTHLY: z.string().min(1),
  STRIPE_PRICE_YEARLY: z.string().min(1),
  SITE_URL: z.url(),
});

const { stripe, secrets } = stripeClient(config);

const deps: CheckoutDeps = {
  store: dynamoPaymentsStore(documentClient(), config.TABLE_NAME),
  stripe: stripeGateway(stripe),
  config: { siteUrl: config.SITE_URL, priceIds: { mensual: config.STRIPE_PRICE_MONTHLY, anual: config.STRIPE_PRICE_YEARLY } },
};
const quotas = tableQuotas(config.TABLE_NAME);
const webhookDeps: WebhookDeps = {
  ...deps,
  // Powertools sends its own (unmarshalled) commands: a plain client, same endpoint settings.
  lease: powertoolsEventLease(tableEventRecords(config.TABLE_NAME, dynamoClient())),
  // Stripe's own check (HMAC over the raw bytes, constant-time compare), its age measured at
  // `receivedAt`, the injected clock's time, as webhook.ts measures it.
  verify: async (raw, signature, receivedAt) =>
    (await stripe()).webhooks.constructEvent(raw, signature, (await secrets()).webhookSecret, WEBHOOK_TOLERANCE_S, undefined, receivedAt),
};

/** Stripe signs the exact bytes it sent: the body is never parsed before the signature is checked. */
const MAX_WEBHOOK_BYTES = 512 * 1024;
function rawBody(event: HttpEvent): Buffer {
  const raw = Buffer.from(event.body ?? '', event.isBase64Encoded ? 'base64' : 'utf8');
  if (raw.length > MAX_WEBHOOK_BYTES) throw badRequest('La solicitud es demasiado grande.');
  return raw;
}

const methodId = (params: Record<string, string>) => {
  const parsed = paymentMethodId.safeParse(params.id);
  if (!parsed.success) throw badRequest(parsed.error.issues[0].message);
  return parsed.data;
};

/**
 * The lease on an event lasts what the invocation has left (Lambda's context). Called without one
 * (a test invoking the handler directly), the payments function's whole timeout, as deployed.
 */
const contexts = new WeakMap<HttpEvent, Pick<Context, 'getRemainingTimeInMillis'>>();
const leaseMs = (event: HttpEvent) => contexts.get(event)?.getRemainingTimeInMillis() ?? API_TIMEOUT_SECONDS.stripe * 1000;

const routes = createHandler('payments', {
  'POST /users/upgrade-premium': endpoint({
    body: upgradeRequest,
    handle: async ({ userId, body }) => ok({ url: await startUpgrade(deps, userId, body.period) }),
  }),
  // No body schema: createHandler leaves the raw body alone for this route.
  'POST /payments/webhook': endpoint({
    handle: async ({ event }) => {
      const signature = event.headers?.['stripe-signature'] ?? event.headers?.['Stripe-Signature'];
      return ok({ received: await handleStripeWebhook(webhookDeps, rawBody(event), signature, leaseMs(event)) });
    },
  }),
  'POST /payments/portal': endpoint({ handle: async ({ userId }) => ok({ url: await openPortal(deps, userId) }) }),
  'GET /payments/plan': endpoint({ handle: async ({ userId }) => ok({ data: await account.planSummary({ ...deps, quotas }, userId) }) }),
  'GET /payments/history': endpoint({ handle: async ({ userId }) => ok({ data: await account.paymentHistory(deps, userId) }) }),
  'GET /payments/methods': endpoint({ handle: async ({ userId }) => ok({ data: await account.paymentMethods(deps, userId) }) }),
  'POST /payments/methods': endpoint({ handle: async ({ userId }) => ok({ url: await startAddPaymentMethod(deps, userId) }) }),
  'PUT /payments/methods/{id}/default': endpoint({
    handle: async ({ userId, params }) =>
      ok({ data: await account.setDefaultMethod(deps, userId, methodId(params)), message: 'Método de pago predeterminado actualizado' }),
  }),
  'DELETE /payments/methods/{id}': endpoint({
    handle: async ({ userId, params }) => ok({ data: await account.removeMethod(deps, userId, methodId(params)), message: 'Método de pago eliminado' }),
  }),
  'GET /payments/billing': endpoint({ handle: async ({ userId }) => ok({ data: await account.billingDetails(deps, userId) }) }),
  'PUT /payments/billing': endpoint({
    body: billingSchema,
    handle: async ({ userId, body }) => ok({ data: await account.saveBillingDetails(deps, userId, body), message: 'Datos de facturación guardados' }),
  }),
});

export const handler = (event: HttpEvent, context?: Context) => {
  if (context) contexts.set(event, context);
  return routes(event, context);
};
