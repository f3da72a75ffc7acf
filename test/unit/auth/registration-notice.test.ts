import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { customMessage } from '../../../lambdas/auth/pre-sign-up';
import { NOTICE_METADATA, NOTICE_SUBJECT } from '../../../lambdas/auth/registration-notice';

// Issue 31: the pool's custom-message trigger turns a marked code request into the notice a taken
// address's owner receives; every other message stays Cognito's own.

const event = (triggerSource: string, clientMetadata?: Record<string, string>) =>
  ({ triggerSource, request: { codeParameter: '{####}', clientMetadata, userAttributes: {} }, response: {} }) as unknown as CustomMessageTriggerEvent;

describe('the taken-address notice', () => {
  it('tells the owner someone tried to register, with a code to choose a new password', () => {
    const out = customMessage(event('CustomMessage_ForgotPassword', { ...NOTICE_METADATA }));
    expect(out.response).toEqual({ emailSubject: NOTICE_SUBJECT, emailMessage: expect.stringContaining('Alguien ha intentado crear una cuenta de Mentora con este correo') });
    expect(out.response.emailMessage).toMatch(/elegir una nueva: <strong>\{####\}<\/strong>/);
  });

  it('gives an owner who never confirmed the confirmation code', () => {
    expect(customMessage(event('CustomMessage_ResendCode', { ...NOTICE_METADATA })).response.emailMessage).toMatch(/confírmala con este código: <strong>\{####\}/);
  });

  it('leaves every other message as Cognito writes it', () => {
    expect(customMessage(event('CustomMessage_ForgotPassword')).response).toEqual({});
    expect(customMessage(event('CustomMessage_SignUp', { ...NOTICE_METADATA })).response).toEqual({});
  });
});
