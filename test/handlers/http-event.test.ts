import { httpEvent } from '../../infra/local/http-event';
import { findRoute } from '../support/invoke';

// The one event builder behind the local gateway and invoke(): what API Gateway's HTTP API sends.
const route = findRoute('GET /social/users/search');

it('names the route and joins repeated query values with commas, as API Gateway does', () => {
  const event = httpEvent({ method: 'GET', path: '/api/social/users/search', route, query: { topic: ['Historia', 'Arte'], limit: '5' } });
  expect(event).toMatchObject({ version: '2.0', routeKey: 'GET /social/users/search', rawPath: '/api/social/users/search', rawQueryString: 'topic=Historia&topic=Arte&limit=5' });
  expect(event.queryStringParameters).toEqual({ topic: 'Historia,Arte', limit: '5' });
  expect(event.requestContext).toMatchObject({ routeKey: 'GET /social/users/search', stage: 'api', http: { method: 'GET', path: '/api/social/users/search' } });
});

it('leaves out path parameters, query, body and authorizer when there are none', () => {
  const event = httpEvent({ method: 'GET', path: '/api/social/users/search', route });
  expect(event.pathParameters).toBeUndefined();
  expect(event.queryStringParameters).toBeUndefined();
  expect(event.body).toBeUndefined();
  expect(event.requestContext.authorizer).toBeUndefined();
});

it('keeps a raw body byte for byte and passes the claims under the JWT authorizer', () => {
  const raw = Buffer.from('{"firma":"ñ"}');
  const event = httpEvent({ method: 'POST', path: '/api/payments/webhook', route: findRoute('POST /payments/webhook'), body: raw, claims: { sub: 'u1', token_use: 'access' } });
  expect(Buffer.from(event.body!, 'utf8').equals(raw)).toBe(true);
  expect(event.isBase64Encoded).toBe(false);
  expect(event.requestContext.authorizer?.jwt?.claims).toEqual({ sub: 'u1', token_use: 'access' });
});
