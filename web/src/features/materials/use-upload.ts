import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { MaterialView } from '../../../../lambdas/contract/materials';
import { errorMessage } from '../../lib/error-message';
import { materialsApi } from './api';
import { checkFile } from './file-check';
import { materialKeys } from './query-keys';
import { uploadFile } from './upload';

export type UploadState =
  | { phase: 'idle' }
  | { phase: 'subiendo'; nombre: string; share: number }
  | { phase: 'error'; message: string };

/** Put a new material at the top of the cached list (the server lists newest first). */
function prepend(client: ReturnType<typeof useQueryClient>, m: MaterialView) {
  client.setQueryData<MaterialView[]>(materialKeys.list(), (list) => [m, ...(list ?? []).filter((x) => x.materialId !== m.materialId)]);
  void client.invalidateQueries({ queryKey: materialKeys.list() });
}

/**
 * A file: checked here (type, size against the plan), announced (POST /materials: the material,
 * `procesando`, and the presigned form), then sent to S3 with its progress. If the file never
 * reaches S3 the material is deleted again, so no material waits for a file that will not come.
 */
export function useUpload(maxBytes: number | undefined) {
  const client = useQueryClient();
  const [state, setState] = useState<UploadState>({ phase: 'idle' });

  async function upload(file: File, titulo?: string): Promise<MaterialView | undefined> {
    const checked = checkFile(file, maxBytes);
    if (!checked.ok) {
      setState({ phase: 'error', message: checked.message });
      return undefined;
    }
    setState({ phase: 'subiendo', nombre: file.name, share: 0 });
    let created: Awaited<ReturnType<typeof materialsApi.announce>> | undefined;
    try {
      created = await materialsApi.announce(checked.archivo, titulo);
      if (!created.subida) throw new Error('No pudimos preparar la subida. Inténtalo de nuevo.');
      const { subida, ...material } = created;
      await uploadFile(subida, new Blob([file], { type: checked.archivo.tipo }), (share) => setState({ phase: 'subiendo', nombre: file.name, share }));
      setState({ phase: 'idle' });
      prepend(client, material);
      return material;
    } catch (err) {
      if (created) await materialsApi.remove(created.materialId).catch(() => undefined);
      setState({ phase: 'error', message: errorMessage(err, 'No pudimos subir el archivo. Inténtalo de nuevo.') });
      return undefined;
    }
  }

  async function paste(texto: string, titulo?: string): Promise<MaterialView | undefined> {
    try {
      const material = await materialsApi.paste(texto, titulo);
      prepend(client, material);
      setState({ phase: 'idle' });
      return material;
    } catch (err) {
      setState({ phase: 'error', message: errorMessage(err, 'No pudimos guardar el texto. Inténtalo de nuevo.') });
      return undefined;
    }
  }

  return { state, upload, paste, reset: () => setState({ phase: 'idle' }) };
}
