import { JSONParser } from '@streamparser/json';
import type { ModulePlan, OutlineHeader, OutlineModule } from '../course-model';
import type { ToolInputSink } from '../shared/ai/converse-by-stream';
import { outlineHeaderOutput } from '../shared/ai/schemas';

// The outline as it streams (issue 42): its tool input arrives as JSON fragments, parsed by
// @streamparser/json, which hands on each value of the paths asked for once that value is complete.
// A module is shown (stored, and its lessons may start) only when it is complete, valid on its own
// (zod, the outline's own module schema) and the next in order; a module once shown stays, whatever
// a later request answers (a repair turn, a shorter answer after a cut, a throttle's retry, a
// fallback): later requests add only the modules after those already shown. The whole answer is
// still validated as before (structured-output.ts), and the modules it adds are stored at its end.
//
// A module is shown in two steps (esquema-v5 writes the rest of its plan after its lessons): its
// visible part (title, description, objectives, lessons) once complete and valid by the module's own
// rules, `planPendiente`, its lessons waiting; then its plan once the whole module is complete and
// valid, and its lessons start. A module shown without its plan (an answer cut or refused after its
// lessons, a run resumed) is completed by the next answer's module at its place, whose objectives and
// lessons are ignored; an outline that ends with a module still without a plan fails (`complete`).

/** A module of the answer, validated and shaped for the course (ids, objectives, lessons trimmed); undefined when invalid. */
export type PrepareModule = (raw: unknown, index: number) => OutlineModule | undefined;

export interface ModuleCheckpoints {
  /** A sink for one request's tool input (structured-output.ts CallOptions.onStream). */
  sink: () => ToolInputSink;
  /** Waits for the stores under way; answers every module shown (kept ones first), or throws what a store threw. */
  settled: () => Promise<OutlineModule[]>;
  /** Completes from the whole validated answer's modules any module shown without its plan, then settles; throws when one stays without. */
  complete: (answer: OutlineModule[]) => Promise<OutlineModule[]>;
}

const HEADER_FIELDS = ['titulo', 'descripcion', 'objetivos'] as const;
const VISIBLE_FIELDS = ['titulo', 'descripcion', 'objetivos', 'lecciones'] as const;
// A module's lessons are its last visible field: when they are complete, so is what the learner sees of it.
const PATHS = [...HEADER_FIELDS.map((f) => `$.${f}`), '$.modulos.*.lecciones', '$.modulos.*'];

/** The plan of a module shown without one, from a whole module of an answer: its own objectives, the answer's other fields. */
function planFor(shown: OutlineModule, whole: OutlineModule): ModulePlan | undefined {
  if (!whole.plan) return undefined;
  return { ...whole.plan, objetivos: (shown.objetivos ?? []).map((o) => o.enunciado) };
}

export function moduleCheckpoints(opts: {
  /**
   * Modules already stored for this run (a task run again, a resumed course): shown, never replaced. May be
   * still on its way (the course read beside the model's request): fragments wait for it, and a failed read
   * shows nothing and fails the outline at its end (`settled`, `complete`).
   */
  kept: OutlineModule[] | Promise<OutlineModule[]>;
  /** The modules asked for: a module past them is never shown (the outline is trimmed, trimOutline). */
  most: number;
  prepare: PrepareModule;
  /** The visible part of a module (no plan yet), validated and shaped, `planPendiente`; undefined when incomplete or invalid. */
  prepareVisible: PrepareModule;
  /** Told when module `index` is complete and valid, before its store (the trace of its path, shared/stages.ts). */
  shown?: (index: number) => void;
  /** Stores module `index`, the course's header with it when complete; calls come one after another, in order. */
  save: (index: number, module: OutlineModule, header?: OutlineHeader) => Promise<void>;
  /** Stores the plan of module `index`, shown before it (its lessons may start); in order with the saves. */
  completePlan: (index: number, plan: ModulePlan) => Promise<void>;
}): ModuleCheckpoints {
  const shown: OutlineModule[] = Array.isArray(opts.kept) ? [...opts.kept] : [];
  let failure: Error | undefined;
  const failed = (error: unknown) => void (failure ??= error instanceof Error ? error : new Error('A streamed module could not be stored', { cause: error }));
  // Until the kept modules are known, the sinks hold what arrives (the first module is seconds away).
  let keptKnown = Array.isArray(opts.kept);
  let keptUnread = false;
  const held: (() => void)[] = [];
  let chain = keptKnown
    ? Promise.resolve()
    : Promise.resolve(opts.kept)
        .then(
          (kept) => void shown.push(...kept),
          (error: unknown) => {
            keptUnread = true;
            failed(error);
          },
        )
        .finally(() => {
          keptKnown = true;
          held.splice(0).forEach((flush) => flush());
        });
  const ready = chain;
  const write = (step: () => Promise<void>) => {
    chain = chain.then(step).catch(failed);
  };
  /** Module `index` was shown without its plan: `whole` (a whole module of an answer) gives it one; false when it cannot. */
  const completeAt = (index: number, whole: OutlineModule | undefined) => {
    const plan = whole && planFor(shown[index], whole);
    if (!plan) return false;
    const { planPendiente: _pending, ...module } = shown[index];
    shown[index] = { ...module, plan };
    write(() => opts.completePlan(index, plan));
    return true;
  };
  const sink = (): ToolInputSink => {
    let open = true;
    const header: Partial<OutlineHeader> = {};
    const parser = new JSONParser({ paths: PATHS, keepStack: false });
    const show = (index: number, module: OutlineModule) => {
      shown.push(module);
      opts.shown?.(index);
      const known = completeHeader(header);
      write(() => opts.save(index, module, known));
    };
    parser.onValue = ({ value, key, parent, stack }) => {
      if (!open) return;
      if (stack.length === 1 && typeof key === 'string') return void Object.assign(header, { [key]: value });
      if (key === 'lecciones') {
        // A module's visible part, complete: shown if it is the next one, within the size asked, and valid. If not
        // (a field still to come, or invalid), the whole module decides at its end.
        const index = stack[2]?.key;
        // A module written in the old order (its plan before its lessons) is whole one character later: shown once, whole.
        if (index !== shown.length || index >= opts.most || writtenWhole(parent)) return;
        const module = opts.prepareVisible(visiblePart(parent), index);
        if (module) show(index, module);
        return;
      }
      if (typeof key !== 'number') return;
      if (key < shown.length) {
        // Shown already: a module still without its plan takes this answer's; an invalid one shows nothing more of this answer.
        if (shown[key].planPendiente && !completeAt(key, opts.prepare(value, key))) open = false;
        return;
      }
      // Out of order, past the size asked, or invalid: nothing more of this answer is shown (the whole answer is still judged at its end).
      const module = key === shown.length && key < opts.most ? opts.prepare(value, key) : undefined;
      if (!module) return void (open = false);
      show(key, module);
    };
    // Not JSON (a malformed answer): this request shows nothing more; the answer's validation decides.
    parser.onError = () => void (open = false);
    const feed = (fragment: string) => {
      // Kept modules unread (the read failed) can be neither kept nor replaced: nothing is shown.
      if (keptUnread) open = false;
      if (!open) return;
      try {
        parser.write(fragment);
      } catch {
        open = false;
      }
    };
    const early: string[] = [];
    if (!keptKnown) held.push(() => early.splice(0).forEach(feed));
    return (fragment) => (keptKnown && !early.length ? feed(fragment) : void early.push(fragment));
  };
  const settled = async () => {
    // Until no store is added meanwhile (fragments held for the kept modules add theirs once those are known).
    for (;;) {
      const current = chain;
      await current;
      if (current === chain) break;
    }
    if (failure) throw failure;
    return [...shown];
  };
  return {
    sink,
    settled,
    complete: async (answer) => {
      await ready;
      const missing = shown.findIndex((m, i) => m.planPendiente && !completeAt(i, answer[i]));
      const all = await settled();
      // Never a course "listo" with a module whose lessons have no plan to follow: the outline fails instead.
      if (missing >= 0) throw new Error(`Module ${missing + 1} was shown before its plan, and the outline's answer has no module there to complete it`);
      return all;
    },
  };
}

const writtenWhole = (partial: unknown) => Boolean(partial && typeof partial === 'object' && ['terminosClave', 'conceptosErroneos', 'ejemploConductor'].every((f) => f in partial));

/** The fields of a module the learner sees, from the module's JSON as far as it arrived (copied: the parser goes on filling it). */
function visiblePart(partial: unknown): Record<string, unknown> {
  const m = (partial && typeof partial === 'object' ? partial : {}) as Record<string, unknown>;
  return Object.fromEntries(VISIBLE_FIELDS.filter((f) => f in m).map((f) => [f, m[f]]));
}

/** The header once its three fields arrived and pass the outline's own rules for them. */
function completeHeader(h: Partial<OutlineHeader>): OutlineHeader | undefined {
  const parsed = outlineHeaderOutput.safeParse(h);
  return parsed.success ? parsed.data : undefined;
}
