import { MASTERY_STATE_LABEL } from '../../../../lambdas/contract/mastery';

/**
 * Issue 41 item 4: an objective shown mastered once whose memory has faded, said in a word and an
 * icon (never by colour alone), wherever the learner meets it: the map's rows and "Tu siguiente paso".
 */
export function FadedBadge() {
  return (
    <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-sky-100 px-2 py-0.5 text-xs font-semibold text-sky-950">
      <span aria-hidden="true">↻</span>
      {MASTERY_STATE_LABEL.por_repasar}
    </span>
  );
}
