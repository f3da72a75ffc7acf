import { AppError } from '../errors';
import { logger } from '../logger';
import { ModelError } from './model-errors';

/** Spanish text for a model failure, shown to the learner (API answers and failed courses). */
export function modelFailureMessage(name: string): string {
  switch (name) {
    case 'ModelThrottled':
      return 'El servicio de IA está muy ocupado en este momento. Inténtalo de nuevo en unos minutos.';
    case 'ModelUnavailable':
    case 'ModelTimeout':
    case 'States.Timeout':
      return 'El servicio de IA no respondió a tiempo. Inténtalo de nuevo en unos minutos.';
    case 'JobExpired':
      return 'El servicio de IA está muy ocupado y tu solicitud esperó demasiado. Inténtalo de nuevo en unos minutos.';
    case 'InvalidModelOutput':
      return 'La IA devolvió un contenido que no cumple nuestros controles de calidad. Inténtalo de nuevo.';
    default:
      return 'No pudimos generar el contenido por un error inesperado. Inténtalo de nuevo.';
  }
}

/** For synchronous routes: turns a model failure into a Spanish 502/503 answer. */
export function modelFailure(error: unknown): never {
  if (error instanceof AppError) throw error;
  // The model budget's refusal is the state machine's to wait out (its Retry on BudgetExhausted, or a
  // course task's turn): turned into an AppError it failed the job as "error inesperado" instead.
  if ((error as Error | undefined)?.name === 'BudgetExhausted') throw error;
  const name = error instanceof ModelError ? error.name : 'Unknown';
  logger.error('model call failed', { error: error as Error });
  throw new AppError(name === 'InvalidModelOutput' ? 502 : 503, modelFailureMessage(name), name);
}
