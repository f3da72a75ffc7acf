// The public module of lambdas/auth: what other rooms may use. Anything not listed here is private to the room.
export { cognitoError } from './cognito-errors';
export { cognitoIdentity } from './cognito-identity';
export { everyDevice, type EveryDevice } from './sign-out-everywhere';
