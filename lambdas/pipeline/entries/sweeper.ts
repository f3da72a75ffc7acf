// Lambda entry of the stale-job sweeper; the code is in ../sweeper.ts.
export { handler } from '../sweeper-handler';
