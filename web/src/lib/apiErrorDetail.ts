import { es, fmt } from '../../../shared/messages.es';
import { ApiError } from './api';

/** The Spanish message the API answered with (or the client's network message), if any. */
export function apiErrorDetail(err: unknown): string | undefined {
  return err instanceof ApiError && err.message ? err.message : undefined;
}

/** "Error al usar el servicio: Créditos insuficientes" (the server's message, when it gave one). */
export function errorWithDetail(prefix: string, detail: string | undefined): string {
  return detail ? fmt(es.credits.errorDetail, { error: prefix, detail }) : prefix;
}
