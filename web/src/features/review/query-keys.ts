// The spaced review's cache keys: the due cards (all, or one course's) and the dashboard's summary.
export const reviewKeys = {
  all: ['review'] as const,
  due: (courseId?: string) => ['review', 'due', courseId ?? ''] as const,
  summary: () => ['review', 'summary'] as const,
};
