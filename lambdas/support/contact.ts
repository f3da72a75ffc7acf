import { randomUUID } from 'node:crypto';
import { CONTACT_LIMITS, CONTACT_SENT, CONTACT_TOO_MANY, type ContactRequest } from '../contract';
import { AppError, tooMany } from '../shared/errors';
import type { ContactStore } from './contact-store';
import type { OperatorsTopic } from './operators-topic';

export interface ContactDeps {
  store: ContactStore;
  topic: OperatorsTopic;
  now?: () => Date;
  /** Logs a message that reached the operators but could not be kept. */
  warn?: (message: string, error: unknown) => void;
}

const UNREACHABLE = 'No pudimos enviar tu mensaje ahora mismo. Inténtalo de nuevo en unos minutos.';

/**
 * A message to the operators: the hour's allowance is taken first, the message is mailed to them, and
 * then kept. A form filled by a robot (the hidden field) is answered alike and goes nowhere.
 */
export async function sendContact(deps: ContactDeps, req: ContactRequest, userId?: string): Promise<{ message: string }> {
  if (req.web?.trim()) return { message: CONTACT_SENT };
  const at = (deps.now ?? (() => new Date()))();
  if (!(await deps.store.take(req.email, at, CONTACT_LIMITS.perAddressPerHour))) throw tooMany(CONTACT_TOO_MANY);
  const message = { id: randomUUID(), nombre: req.nombre, email: req.email.trim().toLowerCase(), motivo: req.motivo, mensaje: req.mensaje, fecha: at.toISOString(), ...(userId && { userId }) };
  try {
    await deps.topic.publish(message);
  } catch (error) {
    await deps.store.giveBack(req.email, at);
    deps.warn?.('contact message not published', error);
    throw new AppError(503, UNREACHABLE, 'ServiceUnavailable');
  }
  // Mailed already: a failure to keep it must not make the sender write twice.
  await deps.store.save(message).catch((error: unknown) => deps.warn?.('contact message mailed but not kept', error));
  return { message: CONTACT_SENT };
}
