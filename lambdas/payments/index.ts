// The public module of lambdas/payments: what other rooms may use. Anything not listed here is private to the room.
export { stripeAccountClosure } from './account-closure';
