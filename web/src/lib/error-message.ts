// SPEC §8: the server's Spanish message, else the thrown message, else the fixed fallback.
// Kept apart from the axios client so screens can use it without loading axios.

interface HttpErrorLike {
  isAxiosError?: boolean;
  code?: string;
  response?: { data?: unknown };
}

export function errorMessage(error: unknown, fallback: string): string {
  const http = error as HttpErrorLike | null;
  if (http && http.isAxiosError) {
    const message = (http.response?.data as { message?: unknown } | undefined)?.message;
    if (typeof message === 'string' && message) return message;
    if (!http.response) {
      return http.code === 'ECONNABORTED'
        ? 'El servidor tardó demasiado en responder. Inténtalo de nuevo.'
        : 'No hay conexión con el servidor. Inténtalo de nuevo.';
    }
    return fallback;
  }
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
