// The certificates' cache keys: the learner's own list (profile) and a public verification.
export const certificateKeys = {
  all: ['certificates'] as const,
  mine: () => ['certificates', 'mine'] as const,
  verification: (certificateId: string) => ['certificates', 'verification', certificateId] as const,
};
