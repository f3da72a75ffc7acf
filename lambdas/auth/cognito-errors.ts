import { AppError } from '../shared/errors';

export type AuthOperation = 'login' | 'register' | 'confirm' | 'refresh' | 'logout' | 'forgot' | 'reset' | 'resend' | 'password';

/** SPEC §5 fallbacks, used when Cognito fails in a way we cannot explain better. */
const FALLBACK: Record<AuthOperation, string> = {
  login: 'Error en el login',
  register: 'Error en el registro',
  confirm: 'Error validando código',
  refresh: 'Tu sesión ha caducado. Inicia sesión de nuevo.',
  logout: 'No pudimos cerrar la sesión en el servidor.',
  forgot: 'No pudimos enviar el código. Inténtalo de nuevo en unos minutos.',
  reset: 'No pudimos cambiar la contraseña. Inténtalo de nuevo.',
  resend: 'No pudimos enviar el código. Inténtalo de nuevo en unos minutos.',
  password: 'No pudimos cambiar la contraseña. Inténtalo de nuevo.',
};

export const WRONG_CODE = 'Error código inválido';
export const POLICY = 'La contraseña no cumple la política de seguridad: al menos 8 caracteres, con mayúsculas, minúsculas y números.';

const TOO_MANY = 'Demasiados intentos. Espera unos minutos y vuelve a intentarlo.';

/** Maps a Cognito exception name to the status and Spanish message a learner should see. */
export function cognitoError(operation: AuthOperation, error: unknown): AppError {
  const name = (error as { name?: string })?.name ?? '';
  switch (name) {
    case 'NotAuthorizedException':
    case 'UserNotFoundException':
      if (operation === 'login') return new AppError(401, 'Correo o contraseña incorrectos.', name);
      if (operation === 'confirm' || operation === 'reset') return new AppError(400, WRONG_CODE, name);
      // The authorizer already accepted the access token: what Cognito refuses is the current password.
      if (operation === 'password') return new AppError(400, 'La contraseña actual no es correcta.', name);
      return new AppError(401, FALLBACK.refresh, name);
    case 'UserNotConfirmedException':
      return new AppError(403, 'Tu cuenta aún no está confirmada. Introduce el código que te enviamos por correo.', name);
    case 'UsernameExistsException':
    case 'AliasExistsException':
      return new AppError(409, 'Ya existe una cuenta con este correo electrónico.', name);
    case 'CodeMismatchException':
      return new AppError(400, WRONG_CODE, name);
    case 'ExpiredCodeException':
      return new AppError(400, 'El código ha caducado. Solicita uno nuevo.', name);
    case 'InvalidPasswordException':
      // Only sign-up can break the policy; cognito-local also answers a wrong password with this.
      if (operation === 'login') return new AppError(401, 'Correo o contraseña incorrectos.', name);
      return new AppError(400, POLICY, name);
    case 'TooManyRequestsException':
    case 'TooManyFailedAttemptsException':
    case 'LimitExceededException':
      return new AppError(429, TOO_MANY, name);
    case 'InvalidParameterException':
      // Cognito's answer to a new code for an account that no longer needs one.
      if (operation === 'resend') return new AppError(400, 'Tu cuenta ya está confirmada. Inicia sesión con tu correo y contraseña.', name);
      return new AppError(400, FALLBACK[operation], name);
    default:
      return Object.assign(new AppError(500, FALLBACK[operation], name || 'AuthError'), { cause: error });
  }
}
