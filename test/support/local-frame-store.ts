import { startLocalKeyValueStore } from '../../infra/local/cloudfront-kvs';

type LocalKeyValueStore = Awaited<ReturnType<typeof startLocalKeyValueStore>>;

/**
 * The local CloudFront KeyValueStore for one describe block, reached by the AWS SDK as the local stack gives it to
 * the lti Lambda (infra/local/stack.ts): started before its tests, its environment restored and the store closed
 * after. Answers a reader of the running store.
 */
export function useLocalFrameStore(): () => LocalKeyValueStore {
  let kvs: LocalKeyValueStore;
  const saved = { ...process.env };
  beforeAll(async () => {
    kvs = await startLocalKeyValueStore();
    Object.assign(process.env, { LTI_FRAME_STORE_ENDPOINT: kvs.url, AWS_ACCESS_KEY_ID: 'local', AWS_SECRET_ACCESS_KEY: 'local', AWS_REGION: 'eu-west-1' });
  });
  afterAll(async () => {
    process.env = saved;
    await kvs.close();
  });
  return () => kvs;
}
