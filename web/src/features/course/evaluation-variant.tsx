import { useState } from 'react';
import type { PublicEvaluation } from '../../../../lambdas/contract/courses';
import { Button } from '../../components/button';
import { errorMessage } from '../../lib/error-message';
import { notify } from '../../lib/notify';
import { AllowanceNote } from '../plans';
import { coursesApi } from './api';

interface Props {
  courseId: string;
  moduleId: string;
  onReady: (evaluation: PublicEvaluation) => void;
}

/**
 * "Generar otras preguntas": a new bank for this module, written by the model as a job and paid by
 * the plan's daily evaluation variants, whose count is shown beside the action (issue 11).
 */
export function EvaluationVariant({ courseId, moduleId, onReady }: Props) {
  const [busy, setBusy] = useState(false);
  const [asked, setAsked] = useState(0);

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
    <div className="flex flex-col gap-2 border-t border-slate-200 pt-4 sm:flex-row sm:items-center sm:justify-between">
      <AllowanceNote name="variantesEvaluacion" refresh={asked} />
      <Button type="button" variant="secondary" busy={busy} onClick={() => void regenerate()}>
        {busy ? 'Generando preguntas...' : 'Generar otras preguntas'}
      </Button>
    </div>
  );
}
