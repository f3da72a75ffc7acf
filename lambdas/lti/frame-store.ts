import type { CloudFrontKeyValueStoreClient } from '@aws-sdk/client-cloudfront-keyvaluestore';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { clock } from '../shared/clock';
import { logger } from '../shared/logger';
import { frameKey, frameOriginsOf } from './frame-origins';
import type { PlatformItem } from './lti-items';
import { dynamoLtiStore, type LtiStore } from './lti-store';

// The registrations fill CloudFront's KeyValueStore of frame origins (frame-origins.ts, docs/lti.md "Inside the
// LMS's iframe"): a registration's key, its own pages' origins.

/**
 * The store's key of a registration. `sync` reads what the key must say (`current`: the registration's origins, or
 * undefined for no key) inside the store's ETag window, after reading the ETag and before the write that names it, so
 * the last write to land says what the registration said after every earlier one landed: twenty changes at once end
 * with the last one's value, whatever order their publications run in. It answers what it wrote.
 */
export interface FrameOrigins {
  sync(key: string, current: () => Promise<string | undefined>): Promise<string | undefined>;
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
    async sync(Key, current) {
      let written: string | undefined;
      await write(async (kvs, sdk, IfMatch) => {
        written = await current();
        if (written !== undefined) return kvs.send(new sdk.PutKeyCommand({ KvsARN: kvsArn, IfMatch, Key, Value: written }));
        return kvs.send(new sdk.DeleteKeyCommand({ KvsARN: kvsArn, IfMatch, Key })).catch((error: unknown) => {
          if ((error as { name?: string }).name !== 'ResourceNotFoundException') throw error;
        });
      });
      return written;
    },
  };
}

/** A retry's wait after its `intento`th failure: 5 minutes, doubling, at most 6 hours (the store down for long). */
export const retryAfterMs = (intento: number) => Math.min(5 * 60_000 * 2 ** Math.max(0, intento - 1), 6 * 3600_000);

/**
 * Whether the frame store holds what the registration says now: the last publication that landed wrote it
 * (`publicadoComo`), or, on one made before that was recorded, none failed since (`sinPublicar`).
 */
export const isPublished = (p: PlatformItem) => (p.publicadoComo !== undefined ? p.publicadoComo === frameOriginsOf(p) : !p.sinPublicar);

/**
 * The registrations as the frame store must see them (docs/lti.md "Inside the LMS's iframe"): every write that
 * makes, changes, hands over or removes a registration then makes its key say what the table says (sync: read in
 * the store's ETag window), and records it on the registration (`publicadoComo`). A publication that fails is logged,
 * the registration's change stands, its error is recorded (`errorPublicacion`: the owner's page says "pendiente de
 * publicar") and a retry is queued in LTIEXPIRY, which the sweep runs (registration-expiry.ts) until one lands.
 * A refused second registration of the same issuer and client id publishes nothing: its key says the first one's.
 */
export function publishingRegistrations(store: LtiStore, frames: FrameOrigins | undefined): LtiStore {
  if (!frames) return store;
  /** Syncs the key of issuer and client id with the table; true when it landed. */
  async function publish(issuer: string, clientId: string, intento = 0): Promise<boolean> {
    let read: PlatformItem | undefined;
    try {
      const value = await frames!.sync(frameKey(issuer, clientId), async () => {
        read = await store.platform(issuer, clientId);
        return read && frameOriginsOf(read);
      });
      if (read && value !== undefined) await store.markPublished(read, value);
      return true;
    } catch (error) {
      const name = (error as { name?: string }).name ?? 'Error';
      logger.error('lti: the registration\'s frame origins were not written', { issuer, intento, error: String(error) });
      const due = new Date(clock.now().getTime() + retryAfterMs(intento + 1)).toISOString();
      // The store may have failed before the registration was read (its ETag): read it to record the error on it.
      const record = async () => {
        await store.queuePublication({ issuer, clientId, publicar: true, intento: intento + 1, caducaEn: due });
        const target = read ?? await store.platform(issuer, clientId);
        if (target) await store.markUnpublished(target, name);
      };
      await record().catch((recordError: unknown) => logger.error('lti: a failed publication was not queued', { issuer, error: String(recordError) }));
      return false;
    }
  }
  return {
    ...store,
    // Written "not yet published": the publication that lands says so, one that fails leaves it so.
    async register(platform, reservation) {
      const outcome = await store.register({ ...platform, sinPublicar: true }, reservation);
      if (outcome === 'hecho') await publish(platform.issuer, platform.clientId);
      return outcome;
    },
    async updatePlatform(current, next) {
      const written = await store.updatePlatform(current, next);
      if (written) await publish(next.issuer, next.clientId);
      return written;
    },
    async deletePlatform(current) {
      const deleted = await store.deletePlatform(current);
      if (deleted) await publish(current.issuer, current.clientId);
      return deleted;
    },
    // A registration handed over is published as it is (a Dynamic Registration's publication may have failed while
    // no account could see it).
    async assignPlatform(current, userId) {
      const assigned = await store.assignPlatform(current, userId);
      if (assigned) await publish(current.issuer, current.clientId);
      return assigned;
    },
    // An expired registration frames nothing any more: its key leaves the store with it (registration-expiry.ts).
    async expirePlatform(entry, nowIso) {
      const gone = await store.expirePlatform(entry, nowIso);
      if (gone) await publish(gone.issuer, gone.clientId);
      return gone;
    },
    // The sweep's retry: whatever the registration says now (or no key, gone), then the entry leaves the queue (a
    // failure queues the next one, later).
    async retryPublication(entry) {
      const landed = await publish(entry.issuer, entry.clientId, entry.intento);
      await store.dropPublication(entry);
      return landed;
    },
  };
}

/**
 * The table's registrations, published to the frame store `framesArn` names when there is one: what the lti Lambda,
 * the LTI queue's run, the operator's script and the local stack's sweeper each work with.
 */
export const registrationsPublishedTo = (db: DynamoDBDocumentClient, table: string, framesArn: string | undefined): LtiStore =>
  publishingRegistrations(dynamoLtiStore(db, table), framesArn ? keyValueStoreFrameOrigins(framesArn) : undefined);
