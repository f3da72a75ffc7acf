import { useState } from 'react';
import type { PublicEvaluation } from '../../../../lambdas/contract/courses';
import { Button } from '../../components/button';
import { errorMessage } from '../../lib/error-message';
import { notify } from '../../lib/notify';
import { allowanceText, readAllowance, usePlanSummary } from '../plans';
import { coursesApi } from './api';

interface Props {
  courseId: string;
  moduleId: string;
  onReady: (evaluation: PublicEvaluation) => void;
}

/**
 * "Generar otras preguntas": a new bank for this module, written by the model as a job and paid by
 * the plan's daily evaluation variants (issue 11). The page states one limit, the attempts (issue 34
 * item 3): this allowance is only said when it has run out, and then the action is off.
 */
export function EvaluationVariant({ courseId, moduleId, onReady }: Props) {
  const [busy, setBusy] = useState(false);
  const [asked, setAsked] = useState(0);
  const left = readAllowance(usePlanSummary(asked), 'variantesEvaluacion');

  async function regenerate() {
    setBusy(true);
    try {
      onReady(await coursesApi.evaluation(courseId, moduleId, true));
      notify.success('Listo: tienes preguntas nuevas para este módulo.');
    } catch (err) {
      notify.error(errorMessage(err, 'No pudimos generar otras preguntas. Inténtalo de nuevo.'));
    } finally {
      setBusy(false);
      setAsked((n) => n + 1);
    }
  }

  return (
    <div className="flex flex-col gap-2 border-t border-slate-200 pt-4 text-sm sm:flex-row sm:items-center sm:justify-between">
      <p className="text-slate-700">{left === 0 ? allowanceText('variantesEvaluacion', 0) : '¿Prefieres otras preguntas sobre este módulo? Las respuestas marcadas se borran.'}</p>
      <Button type="button" variant="secondary" busy={busy} disabled={left === 0} onClick={() => void regenerate()}>
        {busy ? 'Generando preguntas...' : 'Generar otras preguntas'}
      </Button>
    </div>
  );
}
