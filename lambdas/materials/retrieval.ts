import type { Embed } from './embeddings';
import type { PassageItem } from './material-items';
import type { MaterialStore } from './material-store';

// Retrieval for grounded courses and the tutor (issue 24, next): the passages of the given materials
// closest to a question, by cosine similarity of their embeddings (unit vectors: a dot product).
// In memory, over the materials' own passages: fast up to the bound docs/materials.md states
// ("Where vectors go"); past it the vectors move to a vector store.

export interface Retrieved extends PassageItem {
  /** Cosine similarity to the question, in [-1, 1]. */
  score: number;
}

const dot = (a: number[], b: number[]) => a.reduce((sum, x, i) => sum + x * (b[i] ?? 0), 0);

/**
 * The `k` passages of the learner's `materialIds` closest to `question`, best first. Only the owner's
 * materials are read (their partition): another learner's id contributes nothing.
 */
export async function nearestPassages(
  deps: { store: Pick<MaterialStore, 'passages'>; embed: Embed },
  userId: string,
  materialIds: string[],
  question: string,
  k = 5,
): Promise<Retrieved[]> {
  const [{ vector }, ...lists] = await Promise.all([deps.embed(question), ...materialIds.map((id) => deps.store.passages(userId, id))]);
  return lists
    .flat()
    .filter((p): p is PassageItem & { vector: number[] } => Boolean(p.vector))
    .map((p) => ({ ...p, score: dot(vector, p.vector) }))
    .sort((a, b) => b.score - a.score)
    .slice(0, k);
}
