// The social page's cache keys: learner lists (suggestions, a topic's search) and the connections.
export const socialKeys = {
  all: ['social'] as const,
  learners: () => ['social', 'learners'] as const,
  suggestions: () => ['social', 'learners', 'suggestions'] as const,
  search: (topic: string) => ['social', 'learners', 'search', topic] as const,
  connections: () => ['social', 'connections'] as const,
  /** What a connection and the learner sent each other (issue 34). */
  courses: (userId: string) => ['social', 'courses', userId] as const,
  readyCourses: () => ['social', 'ready-courses'] as const,
};
