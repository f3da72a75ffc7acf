import { cognitoError } from '../../../lambdas/auth/cognito-errors';

const err = (name: string) => Object.assign(new Error('aws says'), { name });

describe('Cognito failures as a learner reads them', () => {
  it.each([
    ['login', 'NotAuthorizedException', 401, 'Correo o contraseña incorrectos.'],
    ['login', 'UserNotFoundException', 401, 'Correo o contraseña incorrectos.'],
    ['login', 'UserNotConfirmedException', 403, 'Tu cuenta aún no está confirmada. Introduce el código que te enviamos por correo.'],
    ['register', 'UsernameExistsException', 409, 'Ya existe una cuenta con este correo electrónico.'],
    ['register', 'InvalidPasswordException', 400, expect.stringMatching(/política de seguridad/)],
    ['confirm', 'CodeMismatchException', 400, 'Error código inválido'],
    ['confirm', 'ExpiredCodeException', 400, 'El código ha caducado. Solicita uno nuevo.'],
    ['login', 'TooManyRequestsException', 429, expect.stringMatching(/Demasiados intentos/)],
    ['confirm', 'LimitExceededException', 429, expect.stringMatching(/Demasiados intentos/)],
    ['refresh', 'NotAuthorizedException', 401, expect.stringMatching(/sesión ha caducado/)],
  ] as const)('%s: %s → %i', (op, name, status, message) => {
    const e = cognitoError(op, err(name));
    expect(e.status).toBe(status);
    expect(e.message).toEqual(message);
  });

  it.each([
    ['login', 'Error en el login'],
    ['register', 'Error en el registro'],
    ['confirm', 'Error validando código'],
  ] as const)('falls back to the SPEC message for an unknown %s failure', (op, message) => {
    expect(cognitoError(op, err('InternalErrorException'))).toMatchObject({ status: 500, message });
  });
});
