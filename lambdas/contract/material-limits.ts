// Apart from materials.ts's schemas: the plans (lambdas/plans) state this bound in every bundle that
// reads a plan, and importing it from materials.ts built all of that file's zod schemas at their cold start.

/**
 * The most pasted text any plan accepts, in characters: requests are at most MAX_BODY_BYTES (64 KB),
 * and Spanish text takes a little more than a byte per character. The plan's own bound
 * (lambdas/plans/plans.ts `materiales.caracteres`) may be lower. Longer documents go as files.
 */
export const MATERIAL_TEXT_MAX = 50_000;
