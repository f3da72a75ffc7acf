// Stripe's API takes `application/x-www-form-urlencoded` with bracketed keys
// (`line_items[0][price]=...`, `metadata[userId]=...`); this turns them back into objects.

type Tree = Record<string, unknown>;

export function parseStripeForm(body: string): Tree {
  const root: Tree = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const path = rawKey.replace(/\]/g, '').split('[');
    let node: Tree = root;
    path.forEach((segment, i) => {
      if (i === path.length - 1) {
        node[segment] = value;
        return;
      }
      node[segment] ??= /^\d+$/.test(path[i + 1]) ? [] : {};
      node = node[segment] as Tree;
    });
  }
  return root;
}

/** Stripe accepts `metadata[key]=` to delete a key: merges metadata the same way. */
export function mergeMetadata(current: Record<string, string>, update: unknown): Record<string, string> {
  const next = { ...current };
  for (const [k, v] of Object.entries((update ?? {}) as Record<string, string>)) {
    if (v === '') delete next[k];
    else next[k] = v;
  }
  return next;
}
