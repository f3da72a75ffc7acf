// The public module of lambdas/aulas (issue 25, docs/aulas.md): what other rooms may use. Anything not listed here is private to the room.
// Account deletion erases what a learner left in aulas, which lives outside their partition.
export { forgetLearner } from './forget-learner';
