// The public module of lambdas/aulas (issue 25, docs/aulas.md): no other room uses it yet.
// Account deletion will erase a learner's member items and aulas, which live outside their partition (docs/aulas.md "Not done yet").
export {};
