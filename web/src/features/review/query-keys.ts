// The spaced review's cache keys: the due cards (all, or one course's) and the dashboard's summary.
export const reviewKeys = {
  all: ['review'] as const,
  due: (courseId?: string, moduleId?: string, limite?: number) => ['review', 'due', courseId ?? '', moduleId ?? '', limite ?? 0] as const,
  summary: () => ['review', 'summary'] as const,
};
