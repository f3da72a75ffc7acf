import type { CloudFrontKeyValueStoreClient } from '@aws-sdk/client-cloudfront-keyvaluestore';
import { logger } from '../shared/logger';
import { frameKey, frameOriginsOf } from './frame-origins';
import type { PlatformItem } from './lti-items';
import type { LtiStore } from './lti-store';

// The registrations fill CloudFront's KeyValueStore of frame origins (frame-origins.ts, docs/lti.md "Inside the
// LMS's iframe"): a registration's key, its own pages' origins.

/** Writes a registration's origins under its key. */
export interface FrameOrigins {
  publish(platform: Pick<PlatformItem, 'issuer' | 'clientId' | 'authUrl' | 'paginas'>): Promise<void>;
  /** Removes a deleted registration's key (none there: nothing to do). */
  withdraw(platform: Pick<PlatformItem, 'issuer' | 'clientId'>): Promise<void>;
}

/** Registrations are rare; twenty at once still all land within this many tries each. */
const MAX_ATTEMPTS = 30;

/**
 * The service's client. Its endpoint rules put the store's account id in the host name (`<account>.cloudfront-kvs…`),
 * which a loopback stand-in cannot answer: the local stack names its address in LTI_FRAME_STORE_ENDPOINT instead.
 */
async function keyValueStoreClient(): Promise<CloudFrontKeyValueStoreClient> {
  // Loaded on the first registration only (rare), out of the launches' cold start; SigV4A, which the store's API
  // requires, in plain JavaScript (no native CRT in the Lambda).
  const [{ CloudFrontKeyValueStoreClient: Client }] = await Promise.all([import('@aws-sdk/client-cloudfront-keyvaluestore'), import('@aws-sdk/signature-v4a')]);
  const local = process.env.LTI_FRAME_STORE_ENDPOINT;
  return new Client(local ? { endpointProvider: () => ({ url: new URL(local) }) } : {});
}

/**
 * The KeyValueStore's API: every write names the store's current ETag; two registrations at the same moment make
 * one of them retry with the new one.
 */
export function keyValueStoreFrameOrigins(kvsArn: string): FrameOrigins {
  let client: Promise<CloudFrontKeyValueStoreClient> | undefined;
  /** One write at the store's current ETag; another write moved it since it was read: read it again, after a jittered pause. */
  async function write(send: (kvs: CloudFrontKeyValueStoreClient, sdk: typeof import('@aws-sdk/client-cloudfront-keyvaluestore'), etag: string | undefined) => Promise<unknown>) {
    const sdk = await import('@aws-sdk/client-cloudfront-keyvaluestore');
    client ??= keyValueStoreClient();
    const kvs = await client;
    for (let attempt = 1; ; attempt++) {
      const { ETag } = await kvs.send(new sdk.DescribeKeyValueStoreCommand({ KvsARN: kvsArn }));
      try {
        await send(kvs, sdk, ETag);
        return;
      } catch (error) {
        if ((error as { name?: string }).name !== 'ConflictException' || attempt >= MAX_ATTEMPTS) throw error;
        await new Promise((resolve) => setTimeout(resolve, 10 + Math.random() * 50));
      }
    }
  }
  return {
    publish: (platform) => write((kvs, sdk, IfMatch) => kvs.send(new sdk.PutKeyCommand({ KvsARN: kvsArn, IfMatch, Key: frameKey(platform.issuer, platform.clientId), Value: frameOriginsOf(platform) }))),
    withdraw: (platform) =>
      write((kvs, sdk, IfMatch) => kvs.send(new sdk.DeleteKeyCommand({ KvsARN: kvsArn, IfMatch, Key: frameKey(platform.issuer, platform.clientId) })).catch((error: unknown) => {
        if ((error as { name?: string }).name !== 'ResourceNotFoundException') throw error;
      })),
  };
}

/**
 * The store as the registrations see it: a registration that was written is published, the first of an issuer
 * and client id only (a refused second one publishes nothing, so it cannot replace the first one's origins); an
 * update publishes again, a deletion withdraws the key. A failed write is logged and the registration's change
 * stands, marked `sinPublicar` (its framed /lti/entrar is refused by the browser until the owner's PUT publishes it).
 */
const failed = (platform: Pick<PlatformItem, 'issuer'>) => (error: unknown) =>
  logger.error('lti: the registration\'s frame origins were not written', { issuer: platform.issuer, error: String(error) });

/**
 * Publishes a written registration and records how it went on it (`sinPublicar`), so that its owner's page says
 * "no publicada" and PUT publishes it again; a record that fails is logged too (the next update records again).
 */
async function publishRecorded(store: LtiStore, frames: FrameOrigins, platform: PlatformItem) {
  const published = await frames.publish(platform).then(() => true, (error: unknown) => { failed(platform)(error); return false; });
  if (published === !platform.sinPublicar) return;
  await store.markPublication(platform, published).catch(failed(platform));
}

export function publishingRegistrations(store: LtiStore, frames: FrameOrigins | undefined): LtiStore {
  if (!frames) return store;
  return {
    ...store,
    async register(platform, reservation) {
      const outcome = await store.register(platform, reservation);
      if (outcome === 'hecho') await publishRecorded(store, frames, platform);
      return outcome;
    },
    // Its pages may move with its authentication URL (PUT /lti/plataformas/{id}); a deleted one frames nothing.
    async updatePlatform(current, next) {
      const written = await store.updatePlatform(current, next);
      if (written) await publishRecorded(store, frames, next);
      return written;
    },
    async deletePlatform(current) {
      const deleted = await store.deletePlatform(current);
      if (deleted) await frames.withdraw(current).catch(failed(current));
      return deleted;
    },
    // An expired registration frames nothing any more: its key leaves the store with it (registration-expiry.ts).
    async expirePlatform(entry, nowIso) {
      const gone = await store.expirePlatform(entry, nowIso);
      if (gone) await frames.withdraw(gone).catch(failed(gone));
      return gone;
    },
  };
}
