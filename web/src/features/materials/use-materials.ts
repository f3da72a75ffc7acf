import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import type { MaterialView } from '../../../../lambdas/contract/materials';
import { materialsApi } from './api';
import { nextMaterialPoll, type PollState } from './material-polling';
import { materialKeys } from './query-keys';

/** The learner's materials, newest first. */
export function useMaterials() {
  return useQuery({ queryKey: materialKeys.list(), queryFn: materialsApi.list, staleTime: 0 });
}

/**
 * GET /materials/{id} while the material is `procesando`: 1 s after it moves, then twice as long up to
 * `maxMs` while it does not; no poll once it is `listo` or `error`. Each answer also updates the list,
 * so the page and /generar show the new state without reading the whole list again.
 */
export function useMaterialProgress(material: MaterialView) {
  const client = useQueryClient();
  const last = useRef<PollState | undefined>(undefined);
  const { data } = useQuery({
    queryKey: materialKeys.progress(material.materialId),
    queryFn: async () => {
      const fresh = await materialsApi.get(material.materialId);
      const { documentoUrl: _url, ...view } = fresh;
      client.setQueryData<MaterialView[]>(materialKeys.list(), (list) => list?.map((m) => (m.materialId === view.materialId ? view : m)));
      return fresh;
    },
    enabled: material.estado === 'procesando',
    initialData: material,
    initialDataUpdatedAt: 0,
    refetchInterval: (query) => {
      const next = nextMaterialPoll(last.current, query.state.data, query.state.dataUpdatedAt);
      last.current = next.state;
      return next.wait;
    },
  });
  return data ?? material;
}

/** One material with its short-lived document address (5 minutes), read when a citation opens. */
export function useMaterialDocument(materialId: string, enabled: boolean) {
  return useQuery({
    queryKey: materialKeys.detail(materialId),
    queryFn: () => materialsApi.get(materialId),
    enabled,
    // The address expires after 5 minutes: read again when an older one would be opened.
    staleTime: 4 * 60_000,
    retry: false,
  });
}
