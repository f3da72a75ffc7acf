import { JSONParser } from '@streamparser/json';
import type { OutlineHeader, OutlineModule } from '../course-model';
import type { ToolInputSink } from '../shared/ai/converse-by-stream';
import { outlineHeaderOutput } from '../shared/ai/schemas';

// The outline as it streams (issue 42): its tool input arrives as JSON fragments, parsed by
// @streamparser/json, which hands on each value of the paths asked for once that value is complete.
// A module is shown (stored, and its lessons may start) only when it is complete, valid on its own
// (zod, the outline's own module schema) and the next in order; a module once shown stays, whatever
// a later request answers (a repair turn, a shorter answer after a cut, a throttle's retry, a
// fallback): later requests add only the modules after those already shown. The whole answer is
// still validated as before (structured-output.ts), and the modules it adds are stored at its end.

/** A module of the answer, validated and shaped for the course (ids, objectives, lessons trimmed); undefined when invalid. */
export type PrepareModule = (raw: unknown, index: number) => OutlineModule | undefined;

export interface ModuleCheckpoints {
  /** A sink for one request's tool input (structured-output.ts CallOptions.onStream). */
  sink: () => ToolInputSink;
  /** Waits for the stores under way; answers every module shown (kept ones first), or throws what a store threw. */
  settled: () => Promise<OutlineModule[]>;
}

const HEADER_FIELDS = ['titulo', 'descripcion', 'objetivos'] as const;
const PATHS = [...HEADER_FIELDS.map((f) => `$.${f}`), '$.modulos.*'];

export function moduleCheckpoints(opts: {
  /** Modules already stored for this run (a task run again, a resumed course): shown, never replaced. */
  kept: OutlineModule[];
  /** The modules asked for: a module past them is never shown (the outline is trimmed, trimOutline). */
  most: number;
  prepare: PrepareModule;
  /** Stores module `index`, the course's header with it when complete; calls come one after another, in order. */
  save: (index: number, module: OutlineModule, header?: OutlineHeader) => Promise<void>;
}): ModuleCheckpoints {
  const shown = [...opts.kept];
  let chain = Promise.resolve();
  let failure: Error | undefined;
  const sink = (): ToolInputSink => {
    let open = true;
    const header: Partial<OutlineHeader> = {};
    const parser = new JSONParser({ paths: PATHS, keepStack: false });
    parser.onValue = ({ value, key, stack }) => {
      if (!open) return;
      if (stack.length === 1 && typeof key === 'string') return void Object.assign(header, { [key]: value });
      if (typeof key !== 'number' || key < shown.length) return;
      // Out of order, past the size asked, or invalid: nothing more of this answer is shown (the whole answer is still judged at its end).
      const module = key === shown.length && key < opts.most ? opts.prepare(value, key) : undefined;
      if (!module) return void (open = false);
      shown.push(module);
      const known = completeHeader(header);
      chain = chain.then(() => opts.save(key, module, known)).catch((error: unknown) => void (failure ??= error instanceof Error ? error : new Error('A streamed module could not be stored', { cause: error })));
    };
    // Not JSON (a malformed answer): this request shows nothing more; the answer's validation decides.
    parser.onError = () => void (open = false);
    return (fragment) => {
      if (!open) return;
      try {
        parser.write(fragment);
      } catch {
        open = false;
      }
    };
  };
  return {
    sink,
    settled: async () => {
      await chain;
      if (failure) throw failure;
      return [...shown];
    },
  };
}

/** The header once its three fields arrived and pass the outline's own rules for them. */
function completeHeader(h: Partial<OutlineHeader>): OutlineHeader | undefined {
  const parsed = outlineHeaderOutput.safeParse(h);
  return parsed.success ? parsed.data : undefined;
}
