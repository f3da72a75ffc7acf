import { sfnClient, sfnSdk } from '../shared/step-functions';
import type { Wake } from '../shared/ai/model-turns-store';

// Wakes a course task waiting its turn (turns.ts): SendTaskSuccess with the state's task token,
// through AWS's own client (the local stack's runner answers the same call). False when that token
// no longer waits (its state timed out, was answered already, or its run was stopped): the caller
// then gives the budget it took back.

const GONE = new Set(['TaskDoesNotExist', 'TaskTimedOut', 'InvalidToken']);

/** Answers a waiting state's task token with `output` (a turn's grant, a module slot's module, issue 42); false when the token no longer waits. */
export const answerTaskToken = async (taskToken: string, output: object): Promise<boolean> => {
  const { SendTaskSuccessCommand } = await sfnSdk();
  try {
    await (await sfnClient()).send(new SendTaskSuccessCommand({ taskToken, output: JSON.stringify(output) }));
    return true;
  } catch (error) {
    if (GONE.has((error as Error).name)) return false;
    throw error;
  }
};

export const taskTokenAnswer: Wake = answerTaskToken;
