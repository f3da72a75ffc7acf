import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { streamifyResponse } from 'lambda-stream';
import * as z from 'zod';
import { matchRoute, tutorChatRequest } from '../contract';
import { dynamoCourseStore } from '../course-model';
import { materialGrounding } from '../grounding';
import { bedrockEmbed, dynamoMaterialStore } from '../materials';
import { fallbacksFromEnv, structuredModel } from '../shared/ai/bedrock-client';
import { bedrockStreamingModel, converseStreamTransport } from '../shared/ai/converse-stream';
import { withDeadline } from '../shared/ai/deadline';
import { modelIdsFromEnv } from '../shared/ai/models';
import { documentClient } from '../shared/clients';
import { readConfig, tableName } from '../shared/config';
import { notFound } from '../shared/errors';
import { actingLearner, failureOf, readBody } from '../shared/http-request';
import { checkReply } from '../shared/reply-check';
import { cognitoTokenVerifier } from '../shared/jwt';
import { logger } from '../shared/logger';
import { observe } from '../shared/observability';
import { tableBudget, tableQuotas, tableSpendCharge, tutorQuotaPort } from '../plans';
import { streamTutorChat, type TutorStreamDeps } from './stream-chat';
import { NDJSON, endJson, startResponse, type ResponseStreamLike } from './stream-response';
import { poolClientId } from './pool-client';
import { dynamoLearnerModel } from '../learner-model';
import { dynamoTutorStore } from './tutor-store';
import { chatWithTutor } from './use-cases';

// `POST /api/ai-tutor/chat` through a Lambda Function URL (RESPONSE_STREAM) behind CloudFront,
// and through the local gateway (infra/local/stream-route.ts). No API Gateway authorizer sits in
// front, so the Cognito access token is verified here. CloudFront's origin access control signs the
// origin request with its own Authorization header, so the SPA sends the learner's token in
// `x-mentora-authorization`; a Bearer `authorization` is read too (the local gateway, scripts).
// `accept: application/x-ndjson` gets the NDJSON event stream; anything else the whole answer as JSON.

const config = readConfig({ TABLE_NAME: tableName, USER_POOL_CLIENT_ID: z.string().min(1).optional(), COGNITO_ISSUER: z.url(), COGNITO_JWKS_URI: z.url().optional() });
let verifier: Promise<ReturnType<typeof cognitoTokenVerifier>> | undefined;
const verify = async (token: string) => {
  verifier ??= poolClientId(config.COGNITO_ISSUER, config.USER_POOL_CLIENT_ID)
    .then((clientId) => cognitoTokenVerifier({ issuer: config.COGNITO_ISSUER, clientId, jwksUri: config.COGNITO_JWKS_URI }))
    .catch((error: unknown) => {
      verifier = undefined;
      throw error;
    });
  return (await verifier)(token, 'access');
};
const deps: TutorStreamDeps = {
  courses: dynamoCourseStore(documentClient(), config.TABLE_NAME),
  tutor: dynamoTutorStore(documentClient(), config.TABLE_NAME),
  model: structuredModel(),
  stream: bedrockStreamingModel(converseStreamTransport(), modelIdsFromEnv(), {}, fallbacksFromEnv()),
  quota: tutorQuotaPort(tableQuotas(config.TABLE_NAME)),
  budget: tableBudget(config.TABLE_NAME),
  // Issue 24: a course built from the learner's materials is answered from them first.
  grounding: materialGrounding({ store: dynamoMaterialStore(documentClient(), config.TABLE_NAME), embed: bedrockEmbed, charge: tableSpendCharge(config.TABLE_NAME) }),
  mastery: dynamoLearnerModel(documentClient(), config.TABLE_NAME),
};

const header = (event: APIGatewayProxyEventV2, name: string) => event.headers?.[name] ?? '';
const bearer = (value: string) => /^Bearer (.+)$/i.exec(value)?.[1];

// Auth, body and errors as on every API route (lambdas/shared/http-request.ts): only the token's
// verification is this function's own, since no authorizer stands in front of a Function URL.
async function learnerOf(event: APIGatewayProxyEventV2): Promise<string> {
  const token = bearer(header(event, 'x-mentora-authorization')) ?? bearer(header(event, 'authorization'));
  const claims = token ? await verify(token).catch((error: unknown) => void logger.info('stream token refused', { reason: (error as Error).message })) : undefined;
  return actingLearner(claims);
}

/** The table's streamed route (routes.ts `stream: true`): this function answers nothing else. */
const isStreamRoute = (event: APIGatewayProxyEventV2) =>
  matchRoute(event.requestContext?.http?.method ?? '', (event.rawPath ?? '').replace(/^\/api(?=\/)/, ''))?.route.stream === true;

async function serve(event: APIGatewayProxyEventV2, stream: ResponseStreamLike) {
  let started = false;
  try {
    if (!isStreamRoute(event)) throw notFound('Esta ruta no existe.');
    const userId = await learnerOf(event);
    const body = readBody(event, tutorChatRequest);
    if (!header(event, 'accept').includes('application/x-ndjson')) {
      const answer = { success: true, data: await chatWithTutor(deps, userId, body) };
      // In tests only, as createHandler does: the answer must match the route's response schema.
      await checkReply('POST /ai-tutor/chat', 200, answer, tutorChatRequest);
      return await endJson(stream, 200, answer);
    }
    await streamTutorChat(deps, userId, body, (e) => {
      if (!started) startResponse(stream, 200, { 'content-type': NDJSON, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
      started = true;
      stream.write(`${JSON.stringify(e)}\n`);
    });
    await new Promise<void>((resolve) => stream.end(resolve));
  } catch (error) {
    if (started) return void stream.end();
    const { status, body } = failureOf(error);
    return endJson(stream, status, body);
  }
}

// Observed per invocation with the Function URL's request id as correlation id.
export const handler = streamifyResponse((event: APIGatewayProxyEventV2, stream: ResponseStreamLike, context?: Context) =>
  observe('tutor-stream', event.requestContext?.requestId, context, () => withDeadline(context, () => serve(event, stream))),
);
