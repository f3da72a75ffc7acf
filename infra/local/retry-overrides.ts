// Tests shorten the ASL's retry waits (retryIntervalMs) so a retried fault costs milliseconds, not
// seconds. A task refused by the model budget (BudgetExhausted) is the exception: its wait is how it
// gets its turn in the next budget window, so its retrier keeps the ASL's real waits, as on AWS
// (aws-local-stepfunctions: an override of -1 for a retrier leaves its interval alone).

const REAL_WAITS = ['BudgetExhausted'];

interface AslState {
  Type?: string;
  Retry?: { ErrorEquals: string[] }[];
  ItemProcessor?: { States: Record<string, AslState> };
  Iterator?: { States: Record<string, AslState> };
}

/** Per task state, the wait of each of its retriers: `ms`, and `budgetMs` for the budget's (-1: the ASL's own). */
export function retryOverrides(definition: { States: Record<string, AslState> }, ms: number, budgetMs = -1): Record<string, number[]> {
  const out: Record<string, number[]> = {};
  const walk = (states: Record<string, AslState>) => {
    for (const [name, state] of Object.entries(states)) {
      const inner = state.ItemProcessor ?? state.Iterator;
      if (inner) walk(inner.States);
      if (state.Retry) out[name] = state.Retry.map((r) => (r.ErrorEquals.some((e) => REAL_WAITS.includes(e)) ? budgetMs : ms));
    }
  };
  walk(definition.States);
  return out;
}
