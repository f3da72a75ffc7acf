// Lambda entry of the state machine's task; the code is in ../tasks.ts.
export { finalize as handler } from '../handler';
