import { synthMentora, FULL_CONTEXT } from '/work/wt-ci/test/infra/synth-mentora';
let t = Date.now(); synthMentora({ stage: 'dev' }); console.log('dev synth', Date.now() - t);
t = Date.now(); synthMentora({ ...FULL_CONTEXT }); console.log('prod synth', Date.now() - t);
t = Date.now(); synthMentora({ stage: 'dev' }); console.log('dev synth again', Date.now() - t);
