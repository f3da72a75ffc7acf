import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

// The event and the answer of a route's Lambda, in a file of their own: http.ts (createHandler) and the
// request helpers it calls (auth-context.ts) both read them, and the helpers never import http.ts.

/** API Gateway HTTP API (payload 2.0) event, with the JWT authorizer's claims when present. */
export type HttpEvent = APIGatewayProxyEventV2 & {
  requestContext: APIGatewayProxyEventV2['requestContext'] & {
    authorizer?: { jwt?: { claims?: Record<string, string | number | boolean> } };
  };
};
export type HttpResult = APIGatewayProxyStructuredResultV2;
