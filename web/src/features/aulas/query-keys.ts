// The aulas' cache keys: my aulas (both sides), one invitation's preview, one group's view, an LMS aula's scores (and roster).
export const aulaKeys = {
  all: ['aulas'] as const,
  mine: () => ['aulas', 'mine'] as const,
  preview: (code: string) => ['aulas', 'invitation', code] as const,
  group: (aulaId: string) => ['aulas', 'group', aulaId] as const,
  lms: (aulaId: string) => ['aulas', 'lms', aulaId] as const,
  teacherCourses: () => ['aulas', 'teacher-courses'] as const,
};
