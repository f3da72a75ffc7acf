import type { CertificateIssued } from '../contract';
import { documentClient } from '../shared/clients';
import { readConfig, tableName } from '../shared/config';
import { logger } from '../shared/logger';
import { dynamoCertificateStore } from './certificate-store';
import { dynamoCompletionSource } from './completion-source';
import { issueEarnedCertificates, type IssueDeps } from './issue';

// The two places a course can become finished call these (one line each): the progress route
// (courses) and the evaluation route (evaluations). Best effort: saving the learner's progress
// never fails because of a certificate; the next completed lesson or passed attempt tries again.

let deps: IssueDeps | undefined;
const issueDeps = () => {
  if (!deps) {
    const db = documentClient();
    const { TABLE_NAME } = readConfig({ TABLE_NAME: tableName });
    deps = { certificates: dynamoCertificateStore(db, TABLE_NAME), source: dynamoCompletionSource(db, TABLE_NAME) };
  }
  return deps;
};

type Added = { certificados?: CertificateIssued[] };

async function attempt(userId: string, courseId: string): Promise<Added> {
  try {
    const certificados = await issueEarnedCertificates(issueDeps(), userId, courseId);
    return certificados.length ? { certificados } : {};
  } catch (error) {
    logger.error('could not issue a certificate', { error: error as Error, courseId });
    return {};
  }
}

/** After POST /courses/{id}/progress: only when the course's counters say every lesson is completed. */
export const certificatesAfterProgress = (userId: string, courseId: string, p: { progreso: { completadas: number; total: number } }) =>
  p.progreso.total > 0 && p.progreso.completadas >= p.progreso.total ? attempt(userId, courseId) : Promise.resolve<Added>({});

/** After POST /courses/{id}/modules/{moduleId}/evaluation: only when the attempt passed. */
export const certificatesAfterEvaluation = (userId: string, courseId: string, result: { aprobado: boolean }) =>
  result.aprobado ? attempt(userId, courseId) : Promise.resolve<Added>({});
