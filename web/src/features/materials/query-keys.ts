// "Mis materiales"' cache keys: the learner's list and one material (its detail carries the
// short-lived document address, so it is read apart from the list).
export const materialKeys = {
  all: ['materials'] as const,
  list: () => ['materials', 'list'] as const,
  detail: (materialId: string) => ['materials', 'detail', materialId] as const,
  /** The poll of a material being processed. */
  progress: (materialId: string) => ['materials', 'progress', materialId] as const,
};
