// The tutor's cache keys: the context (course, lesson, history, quota) the panel reads per lesson.
export const tutorKeys = {
  all: ['tutor'] as const,
  course: (courseId: string) => ['tutor', courseId] as const,
  context: (courseId: string, moduleId?: string, lessonId?: string) => ['tutor', courseId, moduleId ?? '', lessonId ?? ''] as const,
};
