import type { LmsGrades, LmsScore } from '../lms-grades';
import { findOrCreateLineItem, type LineItemDeps } from './ags-lineitems';
import { postScore } from './ags-scores';
import type { PlatformItem } from './lti-items';
import type { LtiStore } from './lti-store';
import { PlatformError } from './platform-token';

// The lms-scores state machine's task (lms-scores.asl.json): 'post' sends one queued score and records it
// sent; 'fail' records why the job gave up, for the teacher. A score already sent is not posted again (a
// second execution, a retry that raced the first): the state is read first, and written only after the
// platform took it. PlatformUnavailable is retried by the state machine with backoff; anything else ends the
// job at once (Catch → 'fail').

/** `ronda`: the round the execution was started for (absent in executions started before it was passed). */
export interface ScoreJobInput { action: 'post' | 'fail'; aulaId: string; nota: string; ronda?: number; error?: { Error?: string; Cause?: string } }

export interface ScoreJobDeps extends LineItemDeps {
  grades: Pick<LmsGrades, 'score' | 'markSent' | 'markFailed' | 'link' | 'claimLineItem' | 'saveLineItem' | 'releaseLineItem'>;
  store: Pick<LtiStore, 'platform'>;
  /** How long a job waits for another job making the same link's line item (then the state machine retries it). */
  waitMs?: number;
}

/** A claim outlasts one try of the task (token, GET and POST: at most 5 s each, platform-token.ts). */
const CLAIM_MS = 30_000;
const WAIT_MS = 12_000;
const POLL_MS = 250;
const MAKING = 'La columna de notas de esta actividad se está creando en la plataforma.';

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
  await postScore(deps, platform, score, score.lineitem ?? (await lineItemOf(deps, input.aulaId, platform, score)));
  await deps.grades.markSent(input.aulaId, input.nota, deps.now().toISOString());
  return { estado: 'enviada' };
}

/**
 * A plain link's line item (docs/lti.md "Grades", "Line items Mentora makes"): the link's, once a job found or made it;
 * otherwise this job claims the link, finds or makes the column, and writes it on the link. A job that finds another's
 * claim waits for it (bounded), then leaves it to the state machine's retry; a claim left by a job that died lapses.
 */
async function lineItemOf(deps: ScoreJobDeps, aulaId: string, platform: PlatformItem, score: LmsScore): Promise<string> {
  const until = Date.now() + (deps.waitMs ?? WAIT_MS);
  for (;;) {
    const link = await deps.grades.link(aulaId, score.resourceLinkId);
    if (link?.lineitem) return link.lineitem;
    if (!link?.lineitems || !score.columna) throw new PlatformError('PlatformRefused', 'Esta actividad de la plataforma no tiene columna de notas.');
    const now = deps.now();
    const claim = new Date(now.getTime() + CLAIM_MS).toISOString();
    if (await deps.grades.claimLineItem(aulaId, score.resourceLinkId, now.toISOString(), claim)) {
      try {
        const lineitem = await findOrCreateLineItem(deps, platform, link.lineitems, score.resourceLinkId, score.columna);
        await deps.grades.saveLineItem(aulaId, score.resourceLinkId, lineitem);
        return lineitem;
      } catch (error) {
        await deps.grades.releaseLineItem(aulaId, score.resourceLinkId, claim);
        throw error;
      }
    }
    if (Date.now() > until) throw new PlatformError('PlatformUnavailable', MAKING);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
