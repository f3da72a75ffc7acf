// What the streamed tutor uses of `@aws-sdk/client-cognito-identity-provider`, named, so the
// bundler keeps only these when pool-client.ts imports this module on its one call (a dynamic
// import of the package itself would keep every command of it).
export { CognitoIdentityProviderClient, ListUserPoolClientsCommand } from '@aws-sdk/client-cognito-identity-provider';
