// Lambda entry of the state machine's task; the code is in ../tasks.ts.
export { markFailed as handler } from '../handler';
