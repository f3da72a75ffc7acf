// Domain errors carry the HTTP status and the Spanish message a learner reads.
// Use cases throw them; shared/http turns them into responses in one place.

export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code = 'Error',
  ) {
    super(message);
    this.name = code;
  }
}

export const badRequest = (message: string) => new AppError(400, message, 'BadRequest');
export const unauthorized = (message = 'Tu sesión no es válida o ha caducado. Inicia sesión de nuevo.') =>
  new AppError(401, message, 'Unauthorized');
export const forbidden = (message: string) => new AppError(403, message, 'Forbidden');
export const notFound = (message = 'No encontramos lo que buscas.') => new AppError(404, message, 'NotFound');
export const conflict = (message: string) => new AppError(409, message, 'Conflict');
export const tooMany = (message = 'Demasiados intentos. Espera unos minutos y vuelve a intentarlo.') =>
  new AppError(429, message, 'TooManyRequests');
