import type { MaterialFile } from '../../../../lambdas/contract/materials';
import { call } from '../../lib/api';

// "Mis materiales" calls (docs/materials.md). Quiet: the page shows its own placeholders and progress,
// never the blocking overlay (an upload and its processing take longer than a click).

const quiet = { silent: true };

export const materialsApi = {
  list: async () => (await call('GET /materials', {}, quiet)).data,
  get: async (id: string) => (await call('GET /materials/{id}', { params: { id } }, quiet)).data,
  paste: async (texto: string, titulo?: string) => (await call('POST /materials', { body: { texto, ...(titulo && { titulo }) } }, quiet)).data,
  /** A file's name, type and size: the material (procesando) and the form to upload the file with. */
  announce: async (archivo: MaterialFile, titulo?: string) => (await call('POST /materials', { body: { archivo, ...(titulo && { titulo }) } }, quiet)).data,
  remove: async (id: string) => call('DELETE /materials/{id}', { params: { id } }, quiet),
};
