import type { Meter, StructuredModel } from './structured-output';

/**
 * The same model, with every call's cost told to `meter` as well (after any meter the caller
 * passed): how a task or a use case adds what its calls cost to what they served (the course,
 * the learner's month) without each call site remembering to.
 */
export function meteredModel(model: StructuredModel, meter: Meter | undefined): StructuredModel {
  if (!meter) return model;
  return (spec, data, options) =>
    model(spec, data, {
      ...options,
      meter: async (spent) => {
        await options?.meter?.(spent);
        await meter(spent);
      },
    });
}

/** Several meters as one, each told in turn. */
export const allMeters = (...meters: (Meter | undefined)[]): Meter | undefined => {
  const some = meters.filter((m): m is Meter => Boolean(m));
  if (!some.length) return undefined;
  return async (spent) => {
    for (const m of some) await m(spent);
  };
};
