/**
 * Decides whether a learner may create a diplomado. SPEC: the diplomado is a premium feature; the
 * payments work plugs its plan check in here. Until then `allowAllDiplomados` lets everyone in.
 */
export interface DiplomadoAccessPort {
  /** Throws an AppError (Spanish message, e.g. 403) when the learner's plan does not include diplomados. */
  assertCanCreateDiplomado(userId: string): Promise<void>;
}
export const allowAllDiplomados: DiplomadoAccessPort = { assertCanCreateDiplomado: () => Promise.resolve() };
