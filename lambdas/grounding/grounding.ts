import type { CourseMaterial } from '../contract';
import type { GroundPassage } from '../shared/ai/citations';
import { logger } from '../shared/logger';
import { embeddingCostUsd, nearestPassages, type Embed, type MaterialStore, type PassageItem } from '../materials';

// Issue 24: what the pipeline, lesson regeneration and the tutor read of a course's materials.
// Bounds (docs/materials.md "Grounding"): a retrieval is one embedding of the question and one Query
// per material of the course (≤ 5 materials, COURSE_MATERIALS_MAX), cosine in memory, the best
// GROUNDING_PASSAGES kept; the outline's digest is one Query per material and at most DIGEST_CHARS.

/** Passages a lesson is written from, or a tutor answer given from: 6 × ≤ 1,500 characters ≈ 2,500 tokens. */
export const GROUNDING_PASSAGES = 6;
/** The outline call's view of the materials (headings and page openings): ≈ 1,500 tokens. */
export const DIGEST_CHARS = 6000;

export interface MaterialDigest {
  material: string;
  paginas: { pagina: number; encabezados?: string[]; comienzo: string }[];
}

export interface Grounding {
  /** The `k` passages of the course's materials closest to `question`, best first, numbered 1..k. */
  passages(userId: string, materiales: CourseMaterial[], question: string, k?: number): Promise<GroundPassage[]>;
  /** Each material's structure, page by page, within DIGEST_CHARS: what the outline follows. */
  digest(userId: string, materiales: CourseMaterial[]): Promise<MaterialDigest[]>;
}

export interface GroundingDeps {
  store: Pick<MaterialStore, 'passages'>;
  embed: Embed;
  /** The question's embedding is a model call like the others: its cost goes to the learner's month (lambdas/plans tableSpendCharge). */
  charge?: (userId: string, usd: number) => Promise<void>;
}

/** A line that reads as a heading: short, no sentence end, Markdown `#` or a capital first. */
const isHeading = (line: string) => line.length >= 3 && line.length <= 80 && !/[.,;:]$/.test(line) && (/^#/.test(line) || /^[\p{Lu}\d]/u.test(line));
const clean = (line: string) => line.replace(/^#+\s*/, '').trim();

function pagesOf(titulo: string, passages: PassageItem[], perPage: number): MaterialDigest {
  const byPage = new Map<number, PassageItem[]>();
  for (const p of [...passages].sort((a, b) => a.orden - b.orden)) byPage.set(p.pagina, [...(byPage.get(p.pagina) ?? []), p]);
  return {
    material: titulo,
    paginas: [...byPage].map(([pagina, ps]) => {
      const lines = ps.flatMap((p) => p.texto.split('\n').map((l) => l.trim())).filter(Boolean);
      const encabezados = lines.filter(isHeading).map(clean).slice(0, 3);
      const comienzo = ps[0].texto.replace(/\s+/g, ' ').trim().slice(0, perPage);
      return { pagina, ...(encabezados.length && { encabezados }), comienzo };
    }),
  };
}

export function materialGrounding(deps: GroundingDeps): Grounding {
  return {
    async passages(userId, materiales, question, k = GROUNDING_PASSAGES) {
      const embed: Embed = async (text) => {
        const out = await deps.embed(text);
        await deps.charge?.(userId, embeddingCostUsd(out.tokens)).catch((error: unknown) => logger.error('could not charge a retrieval embedding', { error: error as Error }));
        return out;
      };
      const titles = new Map(materiales.map((m) => [m.materialId, m.titulo]));
      const found = await nearestPassages({ store: deps.store, embed }, userId, materiales.map((m) => m.materialId), question.slice(0, 2000), k);
      return found.map((p, i) => ({ n: i + 1, materialId: p.materialId, titulo: titles.get(p.materialId) ?? '', pagina: p.pagina, texto: p.texto }));
    },

    async digest(userId, materiales) {
      const lists = await Promise.all(materiales.map((m) => deps.store.passages(userId, m.materialId)));
      const pages = lists.reduce((n, ps) => n + new Set(ps.map((p) => p.pagina)).size, 0) || 1;
      // Every page gets an equal share of the bound, between 40 and 200 characters of its opening.
      const perPage = Math.max(40, Math.min(200, Math.floor(DIGEST_CHARS / pages) - 60));
      const digests = materiales.map((m, i) => pagesOf(m.titulo, lists[i], perPage));
      // Past the bound (hundreds of pages), every other page is dropped until it fits: the structure stays spread.
      while (JSON.stringify(digests).length > DIGEST_CHARS && digests.some((d) => d.paginas.length > 1)) {
        for (const d of digests) if (d.paginas.length > 1) d.paginas = d.paginas.filter((_p, j) => j % 2 === 0);
      }
      return digests;
    },
  };
}
