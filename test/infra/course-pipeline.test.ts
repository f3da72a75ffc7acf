import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import { CoursePipeline } from '../../infra/aws/course-pipeline';
import { courseGenerationAsl } from '../../lambdas/pipeline/state-machine';

// The course pipeline construct on its own: the state machine is the shared ASL file with the task
// functions substituted in, and every permission is scoped to what the tasks call.

describe('the course pipeline on AWS', () => {
  let template: Template;
  let json: any;
  beforeAll(() => {
    const stack = new Stack(new App(), 'Test', { env: { account: '123456789012', region: 'us-east-1' } });
    const table = new dynamodb.Table(stack, 'Table', { partitionKey: { name: 'pk', type: dynamodb.AttributeType.STRING }, sortKey: { name: 'sk', type: dynamodb.AttributeType.STRING } });
    new CoursePipeline(stack, 'CoursePipeline', { table, bedrock: { fast: 'us.fast-model-v1:0', strong: 'strong-model-v2:0' }, production: false, bundle: false });
    template = Template.fromStack(stack);
    json = template.toJSON();
  });

  const resources = (type: string) => Object.entries(json.Resources as Record<string, any>).filter(([, r]) => r.Type === type);
  const policyOf = (fnId: string) => {
    const role = json.Resources[fnId].Properties.Role['Fn::GetAtt'][0];
    return resources('AWS::IAM::Policy').filter(([, p]) => p.Properties.Roles.some((r: any) => r.Ref === role)).flatMap(([, p]) => p.Properties.PolicyDocument.Statement);
  };
  const taskFunction = (task: string) => resources('AWS::Lambda::Function').find(([id]) => id.startsWith(`CoursePipeline${task}Task`))!;

  it('is one standard state machine with logging and tracing', () => {
    template.resourceCountIs('AWS::StepFunctions::StateMachine', 1);
    template.hasResourceProperties('AWS::StepFunctions::StateMachine', {
      StateMachineType: 'STANDARD',
      TracingConfiguration: { Enabled: true },
      LoggingConfiguration: { Level: 'ALL', IncludeExecutionData: false },
    });
  });

  it('runs the ASL file the local runner runs, with each task function substituted', () => {
    const [, sm] = resources('AWS::StepFunctions::StateMachine')[0];
    expect(JSON.parse(sm.Properties.DefinitionString)).toEqual(courseGenerationAsl);
    const subs = sm.Properties.DefinitionSubstitutions;
    for (const task of ['Outline', 'Lesson', 'Evaluation', 'Finalize', 'MarkFailed']) {
      expect(subs[`${task}FunctionArn`]).toEqual({ 'Fn::GetAtt': [taskFunction(task)[0], 'Arn'] });
    }
  });

  it('has one Node 22 function per task with the table and model ids', () => {
    expect(resources('AWS::Lambda::Function').filter(([id]) => id.includes('Task'))).toHaveLength(6);
    expect(taskFunction('Lesson')[1].Properties).toMatchObject({
      Runtime: 'nodejs22.x',
      Environment: { Variables: { TABLE_NAME: { Ref: expect.stringMatching(/^Table/) }, MODEL_FAST_ID: 'us.fast-model-v1:0', MODEL_STRONG_ID: 'strong-model-v2:0' } },
    });
  });

  it('lets only the writing tasks call Bedrock, and only on the configured models', () => {
    for (const task of ['Outline', 'Lesson', 'Evaluation']) {
      const statements = policyOf(taskFunction(task)[0]).filter((s: any) => [s.Action].flat().some((a: string) => a.startsWith('bedrock:')));
      // The Lesson task also embeds its question with the materials' model, and only that model (issue 24).
      const embedding = statements.filter((s: any) => JSON.stringify(s.Resource).includes('titan-embed'));
      expect(embedding).toHaveLength(task === 'Lesson' ? 1 : 0);
      if (embedding.length) {
        expect(embedding[0].Action).toBe('bedrock:InvokeModel');
        expect(JSON.stringify(embedding[0].Resource)).toMatch(/:bedrock:[a-z0-9-]+::foundation-model\/amazon\.titan-embed-text-v2:0"/);
      }
      const bedrock = statements.filter((s: any) => !embedding.includes(s));
      expect(bedrock).toHaveLength(1);
      expect(bedrock[0].Action).toEqual(['bedrock:InvokeModel', 'bedrock:InvokeModelWithResponseStream']);
      const arns = JSON.stringify(bedrock[0].Resource);
      expect(arns).toContain('foundation-model/fast-model-v1:0');
      expect(arns).toContain('inference-profile/us.fast-model-v1:0');
      expect(arns).toContain('foundation-model/strong-model-v2:0');
      expect(arns).not.toMatch(/foundation-model\/\*"/);
    }
    for (const task of ['Finalize', 'MarkFailed']) {
      expect(JSON.stringify(policyOf(taskFunction(task)[0]))).not.toContain('bedrock:');
    }
  });

  it('gives the tasks named item actions on the table, never Scan', () => {
    const actions = (task: string) => policyOf(taskFunction(task)[0]).flatMap((s: any) => [s.Action].flat()).filter((a: string) => a.startsWith('dynamodb:'));
    // The lesson items go in transactions that require the course item (issue 20): Put plus ConditionCheck.
    // DeleteItem (and PutItem on the writing tasks): the model budget's queue mark (issue 23).
    // Query: the outline of a course built from materials reads their passages (issue 24).
    expect(actions('Outline').sort()).toEqual(['dynamodb:ConditionCheckItem', 'dynamodb:DeleteItem', 'dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:Query', 'dynamodb:UpdateItem']);
    expect(actions('MarkFailed')).toEqual(['dynamodb:UpdateItem', 'dynamodb:DeleteItem']);
    for (const task of ['Outline', 'Lesson', 'Evaluation', 'Finalize', 'MarkFailed']) expect(actions(task)).not.toContain('dynamodb:Scan');
  });

  it('gives every task Lambda a timeout below the TimeoutSeconds of the state that invokes it', () => {
    // Read from the template: the deployed definition and its substitutions, not the source file.
    const [, sm] = resources('AWS::StepFunctions::StateMachine')[0];
    const taskStates = (s: Record<string, any>): [string, any][] =>
      Object.entries(s).flatMap(([name, st]: [string, any]) =>
        st.Type === 'Task' ? [[name, st]] : st.Type === 'Map' ? taskStates(st.ItemProcessor.States) : st.Type === 'Parallel' ? st.Branches.flatMap((b: any) => taskStates(b.States)) : [],
      );
    const tasks = taskStates(JSON.parse(sm.Properties.DefinitionString).States);
    // Every Task state, including those that call another state's function (LessonFailed runs Lesson's).
    expect(tasks.map(([name]) => name)).toEqual(expect.arrayContaining(['Evaluation', 'Finalize', 'Lesson', 'MarkFailed', 'Outline']));
    for (const [name, state] of tasks) {
      // A callback task (OutlineReview, issue 15) names its function in Parameters.FunctionName.
      const placeholder = /^\$\{(\w+)\}$/.exec(state.Parameters?.FunctionName ?? state.Resource)![1];
      const [fnId] = sm.Properties.DefinitionSubstitutions[placeholder]['Fn::GetAtt'];
      const lambdaTimeout = json.Resources[fnId].Properties.Timeout;
      expect([name, state.TimeoutSeconds]).toEqual([name, expect.any(Number)]);
      expect([name, lambdaTimeout]).toEqual([name, expect.any(Number)]);
      expect([name, lambdaTimeout < state.TimeoutSeconds]).toEqual([name, true]);
    }
  });

  it('lets the state machine invoke exactly its six task functions', () => {
    const [, sm] = resources('AWS::StepFunctions::StateMachine')[0];
    const statements = resources('AWS::IAM::Policy')
      .filter(([, p]) => p.Properties.Roles.some((r: any) => r.Ref === sm.Properties.RoleArn['Fn::GetAtt'][0]))
      .flatMap(([, p]) => p.Properties.PolicyDocument.Statement)
      .filter((s: any) => s.Action === 'lambda:InvokeFunction');
    const targets = new Set(statements.flatMap((s: any) => s.Resource).map((r: any) => JSON.stringify(r).match(/CoursePipeline(\w+?)Task/)?.[1]));
    expect([...targets].sort()).toEqual(['Evaluation', 'Finalize', 'Lesson', 'MarkFailed', 'Outline', 'OutlineReview']);
  });
});

describe('the ASL', () => {
  const states = courseGenerationAsl.States as Record<string, any>;
  const tasks = (s: Record<string, any>): any[] =>
    Object.values(s).flatMap((st: any) =>
      st.Type === 'Task' ? [st] : st.Type === 'Map' ? tasks(st.ItemProcessor.States) : st.Type === 'Parallel' ? st.Branches.flatMap((b: any) => tasks(b.States)) : [],
    );

  // Issue 42: every state by name, at any depth (the Writing Parallel's branches, the Maps).
  const flat = (s: Record<string, any>): Record<string, any> =>
    Object.assign({}, s, ...Object.values(s).map((st: any) => (st.Type === 'Map' ? flat(st.ItemProcessor.States) : st.Type === 'Parallel' ? Object.assign({}, ...st.Branches.map((b: any) => flat(b.States))) : {})));
  const all = flat(states);

  // MarkFailed and LessonFailed (the Lesson state's Catch, passing `failed`) record a failure: a write.
  const recordsFailure = (t: any) => t.Resource === '${MarkFailedFunctionArn}' || 'failed.$' in (t.Parameters ?? {});
  // OutlineReview waits for the learner (issue 15): its States.Timeout is not retried but caught (OutlineKept); no model call.
  const waitsForTurn = (t: any) => String(t.Resource).endsWith('.waitForTaskToken') && 'task' in (t.Parameters?.Payload ?? {});
  // A module slot waits for its module (issue 42): timed out, it registers again.
  const waitsForModule = (t: any) => String(t.Resource).endsWith('.waitForTaskToken') && 'slot.$' in (t.Parameters?.Payload ?? {});
  const waitsForLearner = (t: any) => String(t.Resource).endsWith('.waitForTaskToken') && !waitsForTurn(t) && !waitsForModule(t);

  it('waits its turn for the model budget in a turn state, then for a throttled model, in the state machine (issues 23, 35); outages and timeouts three times in all', () => {
    for (const name of ['Outline', 'Lesson', 'Evaluation']) {
      const t = all[name];
      // A refused task waits for a task-token callback in order, not in a Retry's backoff (lambdas/pipeline/turns.ts).
      expect(t.Catch[0]).toEqual({ ErrorEquals: ['BudgetExhausted'], ResultPath: '$.turn', Next: `${name}Turn` });
      expect(t.Retry.flatMap((r: any) => r.ErrorEquals)).not.toContain('BudgetExhausted');
      expect(t.Retry[0]).toMatchObject({ ErrorEquals: ['ModelThrottled'], JitterStrategy: 'FULL', MaxAttempts: 6, MaxDelaySeconds: 60 });
      expect(t.Retry[1]).toMatchObject({ MaxAttempts: 2, JitterStrategy: 'FULL', BackoffRate: 2 });
      expect(t.Retry[1].ErrorEquals).toEqual(expect.arrayContaining(['ModelUnavailable', 'ModelTimeout', 'States.Timeout']));
      // The turn runs the task's own function with the token, hands the grant to the task ($.turn) and, timed out, runs the task again.
      const turn = all[`${name}Turn`];
      expect(turn).toMatchObject({ Type: 'Task', Resource: 'arn:aws:states:::lambda:invoke.waitForTaskToken', ResultPath: '$.turn', Next: name });
      expect(turn.Parameters).toEqual({ FunctionName: t.Resource, Payload: { task: name.toLowerCase(), 'state.$': '$', 'token.$': '$$.Task.Token' } });
      expect(turn.Catch[0]).toEqual({ ErrorEquals: ['States.Timeout'], ResultPath: '$.turn', Next: name });
    }
    // The tasks without a model call keep the old wait (they are never refused).
    for (const name of ['Finalize']) expect(all[name].Retry[0]).toMatchObject({ ErrorEquals: ['BudgetExhausted'] });
  });

  it('retries Lambda service errors and sandbox timeouts on every task, whose writes are idempotent (issue 13)', () => {
    const lambdaErrors = ['Lambda.ServiceException', 'Lambda.AWSLambdaException', 'Lambda.SdkClientException', 'Lambda.TooManyRequestsException', 'Sandbox.Timedout', 'States.Timeout'];
    const every = tasks(states);
    expect(every.length).toBeGreaterThanOrEqual(6);
    for (const t of every) {
      const retried = t.Retry.flatMap((r: any) => r.ErrorEquals);
      if (retried.includes('States.ALL')) continue; // the failure markers retry everything
      if (waitsForTurn(t)) {
        expect(retried).toEqual(expect.arrayContaining(lambdaErrors.filter((e) => e !== 'States.Timeout')));
        continue;
      }
      if (waitsForModule(t)) {
        expect(retried).toEqual(expect.arrayContaining(lambdaErrors.filter((e) => e !== 'States.Timeout')));
        expect(t.Catch).toEqual([{ ErrorEquals: ['States.Timeout'], ResultPath: '$.waited', Next: 'ModuleReady' }]);
        continue;
      }
      if (waitsForLearner(t)) {
        expect(retried).toEqual(expect.arrayContaining(lambdaErrors.filter((e) => e !== 'States.Timeout')));
        expect(t.Catch[0]).toEqual({ ErrorEquals: ['States.Timeout'], ResultPath: '$.review', Next: 'OutlineKept' });
        continue;
      }
      expect([t.Resource, retried]).toEqual([t.Resource, expect.arrayContaining(lambdaErrors)]);
    }
  });

  it('waits out a full reserved concurrency (Lambda.TooManyRequestsException) for minutes, not 30 s, before failing a course (issue 23)', () => {
    // The pipeline's functions have reserved concurrency (infra/concurrency.ts): a burst of courses
    // meets a throttled Invoke, which is a queue to wait in, not a failure.
    for (const t of tasks(states)) {
      const r = t.Retry.find((x: any) => x.ErrorEquals.includes('Lambda.TooManyRequestsException'));
      if (!r || r.ErrorEquals.includes('States.ALL')) continue;
      expect(r).toMatchObject({ ErrorEquals: ['Lambda.TooManyRequestsException'], JitterStrategy: 'FULL', MaxDelaySeconds: 60 });
      expect(r.MaxAttempts).toBeGreaterThanOrEqual(10);
    }
  });

  it('lets the states that record a failure retry any error, with full jitter', () => {
    const markers = tasks(states).filter(recordsFailure);
    expect(markers.length).toBeGreaterThanOrEqual(2);
    for (const t of markers) expect(t.Retry[0]).toMatchObject({ ErrorEquals: ['States.ALL'], JitterStrategy: 'FULL' });
  });

  it('sends every failure of the outline, the modules or the final check to MarkFailed', () => {
    const markFailed = { ErrorEquals: ['States.ALL'], ResultPath: '$.error', Next: 'MarkFailed' };
    // Issue 42: the outline and the module slots run side by side in one Parallel; a failure in either branch fails it.
    for (const name of ['Writing', 'Finalize']) expect(states[name].Catch).toEqual([markFailed]);
    // Inside the branches nothing swallows a failure: the outline's only Catch is its turn, the turn's and the slot's their timeouts.
    expect(all.Outline.Catch).toEqual([{ ErrorEquals: ['BudgetExhausted'], ResultPath: '$.turn', Next: 'OutlineTurn' }]);
    expect(all.OutlineTurn.Catch).toEqual([{ ErrorEquals: ['States.Timeout'], ResultPath: '$.turn', Next: 'Outline' }]);
    const outlineBranch = Object.values(flat(states.Writing.Branches[0].States));
    expect(outlineBranch.flatMap((st: any) => st.Catch ?? []).filter((c: any) => c.ErrorEquals.includes('States.ALL'))).toEqual([]);
  });

  it('bounds the fan-out over modules and lessons', () => {
    expect(all.Modules.MaxConcurrency).toBe(5);
    expect(all.Modules.ItemProcessor.States.Lessons.MaxConcurrency).toBe(4);
  });

  it("starts each module's lessons as soon as that module is written, beside the outline (issue 42)", () => {
    const [outline, slots] = states.Writing.Branches;
    expect(outline.StartAt).toBe('Outline');
    expect(states.Writing).toMatchObject({ Type: 'Parallel', ResultPath: null, Next: 'Finalize' });
    // The outline, reviewed or not, ends by releasing every slot still waiting.
    expect(outline.States['ReviewOutline?'].Default).toBe('ReleaseModules');
    for (const name of ['OutlineReview', 'OutlineKept']) expect(outline.States[name].Next).toBe('ReleaseModules');
    expect(outline.States.ReleaseModules).toMatchObject({ Type: 'Task', Resource: '${OutlineFunctionArn}', Parameters: { release: true }, End: true });
    // One slot per module asked; each waits for its module, then writes it as before.
    expect(slots.States.ModuleSlots.Parameters).toEqual({ 'slots.$': 'States.ArrayRange(1, $.course.modulos, 1)' });
    const perModule = all.Modules.ItemProcessor;
    expect(perModule.StartAt).toBe('ModuleReady');
    expect(perModule.States.ModuleReady).toMatchObject({ Resource: 'arn:aws:states:::lambda:invoke.waitForTaskToken', Parameters: { FunctionName: '${OutlineFunctionArn}' }, ResultPath: '$.ready', Next: 'ModuleWritten?' });
    expect(perModule.States['ModuleWritten?'].Choices).toEqual([{ Variable: '$.ready.module', IsPresent: true, Next: 'Module' }]);
    expect(perModule.States.Module).toMatchObject({ Type: 'Pass', Next: 'Lessons' });
  });

  it("writes each module's evaluation after its lessons, from their text (issue 12)", () => {
    const perModule = all.Modules.ItemProcessor;
    expect(perModule.States.Lessons).toMatchObject({ Type: 'Map', ResultPath: null, Next: 'Evaluation' });
    expect(perModule.States.Evaluation).toMatchObject({ Type: 'Task', Resource: '${EvaluationFunctionArn}', End: true });
  });

  it('uses JSONPath only, which the local runner executes', () => {
    expect(JSON.stringify(courseGenerationAsl)).not.toMatch(/JSONata|QueryLanguage|\{%/);
  });
});
