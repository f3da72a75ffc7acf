import { reviewDueQuery, reviewRating, reviewReveal, reviewSummaryQuery } from '../contract';
import { clock } from '../shared/clock';
import { documentClient } from '../shared/clients';
import { readConfig, tableName } from '../shared/config';
import { createHandler, endpoint, ok } from '../shared/http';
import { dynamoCardStore } from './card-store';
import { dynamoModulePassed } from './module-pass';
import { dueCards, rateCard, revealCard, reviewSummary, type ReviewDeps } from './use-cases';

const config = readConfig({ TABLE_NAME: tableName });
const db = documentClient();
const deps: ReviewDeps = { cards: dynamoCardStore(db, config.TABLE_NAME), now: () => clock.now(), passed: dynamoModulePassed(db, config.TABLE_NAME) };

export const handler = createHandler('review', {
  'GET /review/due': endpoint({
    query: reviewDueQuery,
    handle: async ({ userId, query }) => ok({ data: await dueCards(deps, userId, query.courseId) }),
  }),
  'GET /review/summary': endpoint({
    query: reviewSummaryQuery,
    handle: async ({ userId, query }) => ok({ data: await reviewSummary(deps, userId, query.tz) }),
  }),
  'POST /review/{cardId}/reveal': endpoint({
    body: reviewReveal,
    handle: async ({ userId, params, body }) => ok({ data: await revealCard(deps, userId, params.cardId, body) }),
  }),
  'POST /review/{cardId}': endpoint({
    body: reviewRating,
    handle: async ({ userId, params, body }) => ok({ data: await rateCard(deps, userId, params.cardId, body.calificacion), message: 'Repaso guardado' }),
  }),
});
