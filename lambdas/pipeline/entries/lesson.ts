// Lambda entry of the state machine's task; the code is in ../tasks.ts.
export { lesson as handler } from '../handler';
