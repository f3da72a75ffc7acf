import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import type { MaterialView } from '../../../../lambdas/contract/materials';
import { materialsApi } from './api';
import { materialKeys } from './query-keys';

/** How often a material being processed is asked about. Tests shorten these. */
export const materialPolling = {
  /** The first wait, and the wait again after the material moved (a page more, a new state). */
  firstMs: 1000,
  /** The longest wait between two polls of a material that did not move. */
  maxMs: 8000,
};

/** The learner's materials, newest first. */
export function useMaterials() {
  return useQuery({ queryKey: materialKeys.list(), queryFn: materialsApi.list, staleTime: 0 });
}

const moved = (m: MaterialView) => `${m.estado}/${m.progreso?.hechas ?? ''}/${m.progreso?.total ?? ''}/${m.pasajes}`;

/**
 * GET /materials/{id} while the material is `procesando`: 1 s after it moves, then twice as long up to
 * `maxMs` while it does not; no poll once it is `listo` or `error`. Each answer also updates the list,
 * so the page and /generar show the new state without reading the whole list again.
 */
export function useMaterialProgress(material: MaterialView) {
  const client = useQueryClient();
  const last = useRef<{ at: number; sig: string; wait: number } | undefined>(undefined);
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
      const m = query.state.data;
      if (!m || m.estado !== 'procesando') return false;
      const prev = last.current;
      // Asked again for the same answer (a re-render): the same wait.
      if (prev && prev.at === query.state.dataUpdatedAt) return prev.wait;
      const sig = moved(m);
      const wait = !prev || prev.sig !== sig ? materialPolling.firstMs : Math.min(materialPolling.maxMs, prev.wait * 2);
      last.current = { at: query.state.dataUpdatedAt, sig, wait };
      return wait;
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
