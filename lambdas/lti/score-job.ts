import type { LmsGrades } from '../lms-grades';
import { postScore } from './ags-scores';
import type { LtiStore } from './lti-store';
import { PlatformError, type TokenDeps } from './platform-token';

// The lms-scores state machine's task (lms-scores.asl.json): 'post' sends one queued score and records it
// sent; 'fail' records why the job gave up, for the teacher. A score already sent is not posted again (a
// second execution, a retry that raced the first): the state is read first, and written only after the
// platform took it. PlatformUnavailable is retried by the state machine with backoff; anything else ends the
// job at once (Catch → 'fail').

/** `ronda`: the round the execution was started for (absent in executions started before it was passed). */
export interface ScoreJobInput { action: 'post' | 'fail'; aulaId: string; nota: string; ronda?: number; error?: { Error?: string; Cause?: string } }

export interface ScoreJobDeps extends TokenDeps {
  grades: Pick<LmsGrades, 'score' | 'markSent' | 'markFailed'>;
  store: Pick<LtiStore, 'platform'>;
}

const reasonOf = (error: ScoreJobInput['error']) => {
  try {
    const cause = JSON.parse(error?.Cause ?? '{}') as { errorMessage?: string };
    if (cause.errorMessage) return cause.errorMessage;
  } catch {
    // Not the Lambda's JSON: the cause as written.
  }
  return error?.Cause && error.Cause.length < 200 ? error.Cause : 'La plataforma no aceptó la nota.';
};

export async function runScoreJob(deps: ScoreJobDeps, input: ScoreJobInput): Promise<{ estado: string }> {
  if (input.action === 'fail') {
    await deps.grades.markFailed(input.aulaId, input.nota, reasonOf(input.error), input.ronda);
    return { estado: 'error' };
  }
  const score = await deps.grades.score(input.aulaId, input.nota);
  if (!score) throw new PlatformError('PlatformRefused', 'La nota ya no existe.');
  if (score.estado === 'enviada') return { estado: 'enviada' };
  // A retry took the score for a later round (this one was stuck): that round's job sends it, not this one.
  if (input.ronda !== undefined && score.ronda !== input.ronda) return { estado: score.estado };
  const platform = await deps.store.platform(score.issuer, score.clientId);
  // Deleted, or registered again since (by anyone: lti-items.ts PlatformItem.registro): not the platform the score was for.
  if (!platform || (score.registro && platform.registro !== score.registro)) throw new PlatformError('PlatformRefused', 'La plataforma ya no está registrada en Mentora.');
  await postScore(deps, platform, score);
  await deps.grades.markSent(input.aulaId, input.nota, deps.now().toISOString());
  return { estado: 'enviada' };
}
