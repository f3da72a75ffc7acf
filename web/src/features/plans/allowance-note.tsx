import type { PlanSummary } from '../../../../lambdas/contract/payments';
import { usePlanSummary } from './quota-note';

type AllowanceName = keyof PlanSummary['uso']['porDia'];

/** How each daily allowance reads in a sentence: one and many. */
const WORDS: Record<AllowanceName, [string, string]> = {
  regeneraciones: ['regeneración', 'regeneraciones'],
  variantesEvaluacion: ['variante de evaluación', 'variantes de evaluación'],
  recargasEvaluacion: ['recarga de preguntas', 'recargas de preguntas'],
  sugerencias: ['sugerencia', 'sugerencias'],
  planesDiplomado: ['plan de diplomado', 'planes de diplomado'],
  reintentos: ['reintento', 'reintentos'],
  respuestasAbiertas: ['respuesta corregida', 'respuestas corregidas'],
  refuerzos: ['refuerzo guiado', 'refuerzos guiados'],
};

/** Units of one daily allowance left today, or undefined when the plan does not say. */
export function readAllowance(summary: Partial<PlanSummary> | undefined, name: AllowanceName): number | undefined {
  const c = summary?.uso?.porDia?.[name];
  if (!c || typeof c.limite !== 'number' || typeof c.usados !== 'number') return undefined;
  return Math.max(0, c.limite - c.usados);
}

export function allowanceText(name: AllowanceName, left: number): string {
  const [one, many] = WORDS[name];
  if (left <= 0) return `No te quedan ${many} hoy. Vuelve mañana o mejora tu plan.`;
  return left === 1 ? `Te queda 1 ${one} hoy` : `Te quedan ${left} ${many} hoy`;
}

interface Props {
  name: AllowanceName;
  /** A counter the caller moves after the action, so the figure is read again. */
  refresh?: number;
  className?: string;
}

/** Plain text next to an action that spends a daily model allowance; nothing if the plan cannot be read. */
export function AllowanceNote({ name, refresh, className = '' }: Props) {
  const left = readAllowance(usePlanSummary(refresh), name);
  if (left === undefined) return null;
  return <p className={`text-sm text-slate-700 ${className}`}>{allowanceText(name, left)}</p>;
}
