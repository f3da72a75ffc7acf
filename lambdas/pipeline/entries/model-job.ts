// Lambda entry of every model-jobs Task state; the code is in ../model-jobs.ts.
export { modelJob as handler } from '../model-jobs-handler';
