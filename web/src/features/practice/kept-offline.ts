/**
 * An answer that got no answer from the server and waits in the learner's outbox (issue 44): not a failure, and
 * never shown as sent or graded. Told apart by name, as the auth store tells RefreshUnavailable.
 */
export class KeptOffline extends Error {
  constructor() {
    super('Estás sin conexión: tu respuesta se guardó en este dispositivo y se enviará para corregirla cuando vuelva la conexión. Todavía no se ha enviado.');
    this.name = 'KeptOffline';
  }
}

/** The browser says it is offline: no request is tried. */
export const OFFLINE = new Error('offline');

/** No answer at all (offline, the server unreachable): axios's error without a response. */
export const unanswered = (e: unknown) => e === OFFLINE || Boolean((e as { isAxiosError?: boolean; response?: unknown }).isAxiosError && !(e as { response?: unknown }).response);
