// The public module of lambdas/auth: what other rooms may use. Anything not listed here is private to the room.
export { cognitoError } from './cognito-errors';
export { cognitoIdentity } from './cognito-identity';
export { everyDevice, type EveryDevice } from './sign-out-everywhere';
// A sign-in without a password for an account a server has identified (LTI launches, docs/lti.md "Signing in").
export { dynamoProofStore, signInWithoutPassword, type OneTimeSignInDeps } from './one-time-sign-in';
