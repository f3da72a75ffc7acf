import { AppError } from '../shared/errors';

export type AuthOperation = 'login' | 'register' | 'confirm' | 'refresh' | 'logout';

/** SPEC §5 fallbacks, used when Cognito fails in a way we cannot explain better. */
const FALLBACK: Record<AuthOperation, string> = {
  login: 'Error en el login',
  register: 'Error en el registro',
  confirm: 'Error validando código',
  refresh: 'Tu sesión ha caducado. Inicia sesión de nuevo.',
  logout: 'No pudimos cerrar la sesión en el servidor.',
};

const TOO_MANY = 'Demasiados intentos. Espera unos minutos y vuelve a intentarlo.';

/** Maps a Cognito exception name to the status and Spanish message a learner should see. */
export function cognitoError(operation: AuthOperation, error: unknown): AppError {
  const name = (error as { name?: string })?.name ?? '';
  switch (name) {
    case 'NotAuthorizedException':
    case 'UserNotFoundException':
      if (operation === 'login') return new AppError(401, 'Correo o contraseña incorrectos.', name);
      if (operation === 'confirm') return new AppError(400, 'Error código inválido', name);
      return new AppError(401, FALLBACK.refresh, name);
    case 'UserNotConfirmedException':
      return new AppError(403, 'Tu cuenta aún no está confirmada. Introduce el código que te enviamos por correo.', name);
    case 'UsernameExistsException':
    case 'AliasExistsException':
      return new AppError(409, 'Ya existe una cuenta con este correo electrónico.', name);
    case 'CodeMismatchException':
      return new AppError(400, 'Error código inválido', name);
    case 'ExpiredCodeException':
      return new AppError(400, 'El código ha caducado. Solicita uno nuevo.', name);
    case 'InvalidPasswordException':
      // Only sign-up can break the policy; cognito-local also answers a wrong password with this.
      if (operation === 'login') return new AppError(401, 'Correo o contraseña incorrectos.', name);
      return new AppError(400, 'La contraseña no cumple la política de seguridad: al menos 8 caracteres, con mayúsculas, minúsculas y números.', name);
    case 'TooManyRequestsException':
    case 'TooManyFailedAttemptsException':
    case 'LimitExceededException':
      return new AppError(429, TOO_MANY, name);
    case 'InvalidParameterException':
      return new AppError(400, FALLBACK[operation], name);
    default:
      return Object.assign(new AppError(500, FALLBACK[operation], name || 'AuthError'), { cause: error });
  }
}
