// The API functions' timeouts, in the one place both sides can read: infra/function-limits.ts
// deploys them (and explains each), and code inside a function that must know its own bound
// reads them here, since lambdas/ never imports infra/ (lint rule).

export const API_TIMEOUT_SECONDS = {
  /** Groups that answer from DynamoDB alone: anything slower is a failure worth an alarm. */
  quick: 10,
  /** Groups that may call a model within the request: stopped by their own timeout, before HTTP API's 30 s. */
  model: 29,
  /** Payments: up to four Stripe calls in a row, each bounded at 6 s, still before HTTP API's 30 s. */
  stripe: 29,
} as const;
