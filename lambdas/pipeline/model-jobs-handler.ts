import { withDeadline, type LambdaContextLike } from '../shared/ai/deadline';
import { dynamoQualityCounters } from '../shared/ai/quality-counters';
import { generationModel } from '../shared/ai/bedrock-client';
import { randomUUID } from 'node:crypto';
import { dynamoModelBudget } from '../shared/ai/model-budget-store';
import { dynamoTurnStore, laneOrder } from '../shared/ai/model-turns-store';
import { documentClient } from '../shared/clients';
import { readConfig, tableName } from '../shared/config';
import { observe, type InvocationContext } from '../shared/observability';
import { dynamoCourseStore, dynamoGenerationStore, dynamoSuggestionCache } from '../course-model';
import { materialGrounding } from '../grounding';
import { dynamoDiplomadoStore } from '../diplomado';
import { dynamoEvaluationStore, dynamoRemedialStore } from '../evaluations';
import { dynamoModelJobStore, type ModelJobInput } from '../jobs';
import { tableBudget, tableQuotas, tableSpendCharge } from '../plans';
import { bedrockEmbed, dynamoMaterialStore } from '../materials';
import { dynamoCardStore, learnerModelEvidence } from '../review';
import { dynamoLearnerModel } from '../learner-model';
import { dynamoUserStore } from '../user-profile';
import { clock } from '../shared/clock';
import { failModelJob, runModelJob, type ModelTaskDeps } from './model-jobs';

// Lambda entry of every Task state of the model-jobs state machine: one function, since each
// task is one model call; MarkJobFailed passes the caught `error`.

const config = readConfig({ TABLE_NAME: tableName });
const db = documentClient();
// Every call takes from the model budget first (issue 23, lambdas/shared/ai/model-budget.ts). A
// job is a small request: it takes whenever its window has room, ahead of waiting courses, and a
// refused call waits in the queue's lane, served at the next window (docs/capacity.md "Turns", rule 4).
const budget = dynamoModelBudget(db, config.TABLE_NAME);
// The lane's waiters grant only each other (pumpLane): they never answer a course's state token.
const lane = dynamoTurnStore(db, config.TABLE_NAME, budget, () => Promise.resolve(false));
budget.firstCallWaits = true;
budget.awaitTurn = (modelId, tokens, until) => lane.waitHere({ modelId, tokens, order: laneOrder(clock.now()), jobId: randomUUID(), userId: '', task: 'job' }, until);
const model = generationModel(budget);
const store = dynamoCourseStore(db, config.TABLE_NAME);
const gen = dynamoGenerationStore(db, config.TABLE_NAME);
const deps: ModelTaskDeps = {
  jobs: dynamoModelJobStore(db, config.TABLE_NAME),
  quotas: tableQuotas(config.TABLE_NAME),
  // Issue 24: a grounded course's lesson is written again from its retrieved passages.
  lesson: {
    store,
    gen,
    model,
    quality: dynamoQualityCounters(db, config.TABLE_NAME),
    grounding: materialGrounding({ store: dynamoMaterialStore(db, config.TABLE_NAME), embed: bedrockEmbed, charge: tableSpendCharge(config.TABLE_NAME) }),
    // Issue 33: a lesson written again follows the learner's country and form of address, as in the course.
    learner: dynamoUserStore(db, config.TABLE_NAME),
  },
  // Issue 33: a bank written or topped up in a job addresses the learner as the lessons do.
  evaluation: { evaluations: dynamoEvaluationStore(db, config.TABLE_NAME), store, gen, model, profiles: dynamoUserStore(db, config.TABLE_NAME) },
  suggestions: { model, cache: dynamoSuggestionCache(db, config.TABLE_NAME) },
  diplomado: { model, store: dynamoDiplomadoStore(db, config.TABLE_NAME) },
  // Issue 32: a graded open answer is evidence for the learner model (docs/learning.md) and a review card.
  grading: { model, cards: dynamoCardStore(db, config.TABLE_NAME), evidence: learnerModelEvidence(dynamoLearnerModel(db, config.TABLE_NAME)), now: () => clock.now() },
  remedial: { model, store, remedials: dynamoRemedialStore(db, config.TABLE_NAME), now: () => clock.now() },
  budget: tableBudget(config.TABLE_NAME),
};

type Input = ModelJobInput & { error?: { Error?: string; Cause?: string } };

// Observed per invocation with the job id (the execution's name) as correlation id.
export const modelJob = (input: Input, context?: LambdaContextLike & InvocationContext) =>
  observe('modelJob', input.jobId, context, () => (input.error ? failModelJob(deps, input) : withDeadline(context, () => runModelJob(deps, input))));
