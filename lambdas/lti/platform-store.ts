import { DeleteCommand, GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { clock } from '../shared/clock';
import { queryAll } from '../shared/table-query';
import { userPk } from '../shared/table';
import { cancelledBy, cancelledByCondition, conflicted, writeIf } from '../shared/table-writes';
import { randomBytes } from 'node:crypto';
import {
  accountCountKey, CLIENT_PREFIX, domainCountKey, DYNAMIC_OWNER, expired, EXPIRY_PK, expiryKey, OWNER_POINTER_PREFIX, ownerPointerKey, platformKey, platformPk,
  reservationKey, type DomainReservation, type ExpiryEntry, type PlatformItem, type QueueEntry,
} from './lti-items';
import { dynamoPublicationStore, type PublicationStore } from './publication-store';
import { MAX_PER_ACCOUNT, MAX_UNPROVEN_PER_DOMAIN, RESERVATION_SECONDS } from './registration-bounds';

// The registrations on the table (docs/lti.md "Data model", "How many registrations"). Every write that makes,
// hands over, proves or removes a registration moves its counts in the same transaction: the owner's
// LTIPLATCOUNT (`contada`), its domain's count of unproven Dynamic Registrations (`dominio`) and its place in the
// expiry queue (`caducaEn`), so the counts are exact whatever runs at the same moment.

/** 'hecho'; 'ocupada': that issuer and client id are someone's; 'cuenta' or 'dominio': that bound is full. */
export type RegisterOutcome = 'hecho' | 'ocupada' | 'cuenta' | 'dominio';

export interface PlatformStore extends PublicationStore {
  /** A live registration (an unproven one past its expiry is gone already). */
  platform(issuer: string, clientId: string): Promise<PlatformItem | undefined>;
  /** The issuer's live registrations; `limit` stops early (a login without client_id needs to know if there are two). */
  platformsOf(issuer: string, limit?: number): Promise<PlatformItem[]>;
  /**
   * Writes a registration unless that issuer and client id are taken: an `activa` one replaces one still
   * 'pendiente', and any replaces one expired; the one replaced gives its counts back in the same transaction.
   * With a `reservation` (reserveDomain), the registration takes that place in its domain's count instead of
   * counting itself: 'dominio' when the reservation is no longer held (swept as stale).
   */
  register(platform: PlatformItem, reservation?: DomainReservation): Promise<RegisterOutcome>;
  /**
   * Takes a place in the domain's count of unproven registrations before anything is posted to the platform:
   * undefined when the domain holds MAX_UNPROVEN_PER_DOMAIN already (nothing written).
   */
  reserveDomain(dominio: string, now: Date): Promise<DomainReservation | undefined>;
  /** Gives a reservation's place back, once (a reservation consumed by its registration, or released already: nothing). */
  releaseReservation(reservation: DomainReservation): Promise<boolean>;
  /** The caller's own registrations (their pointers, each registration still theirs). */
  platformsOwnedBy(userId: string): Promise<PlatformItem[]>;
  /** One of the caller's registrations by its route id (lti-items.ts registrationId); undefined when not theirs. */
  ownedPlatform(userId: string, id: string): Promise<PlatformItem | undefined>;
  /** Replaces the editable fields of `current`, only if it is still that registration and that owner's: false otherwise. */
  updatePlatform(current: PlatformItem, next: PlatformItem): Promise<boolean>;
  /** Deletes the registration, its owner's pointer and its counts, only if it is still as read. */
  deletePlatform(current: PlatformItem): Promise<boolean>;
  /** The operator's (platform-admin.ts): approves a pending registration as it is now; false when it changed or is gone. */
  approvePlatform(current: PlatformItem): Promise<boolean>;
  /** The operator's: hands a registration (a dynamic one, or one in dispute) to an account, with its pointer and count. */
  assignPlatform(current: PlatformItem, userId: string): Promise<boolean>;
  /** Records the first launch verified with the registration's keys (once): it no longer expires nor counts as unproven. */
  markProven(platform: PlatformItem, at: string): Promise<void>;
  /** Unproven registrations and domain reservations whose expiry is before `nowIso`, oldest first. */
  expiredPlatforms(nowIso: string, limit: number): Promise<QueueEntry[]>;
  /** Deletes an expired registration as deletePlatform does: the one deleted, or undefined (proven, replaced or gone since). */
  expirePlatform(entry: ExpiryEntry, nowIso: string): Promise<PlatformItem | undefined>;
}

type Item = Record<string, unknown>;
const strip = ({ pk: _pk, sk: _sk, ...rest }: Item) => rest as unknown as PlatformItem;
const pause = () => new Promise((resolve) => setTimeout(resolve, 10 + Math.random() * 50));
/** Twenty writes at once on one account's count each find it held a few times; every one still ends. */
const MAX_TRIES = 40;

/** The registration exactly as read: the same instance, owner and expiry (a proof or a handover since: refused). */
function asRead(p: PlatformItem) {
  const values: Item = { ':o': p.ownerId };
  const parts = ['ownerId = :o'];
  if (p.registro) {
    parts.push('registro = :r');
    values[':r'] = p.registro;
  } else parts.push('attribute_not_exists(registro)');
  if (p.caducaEn) {
    parts.push('caducaEn = :c');
    values[':c'] = p.caducaEn;
  } else parts.push('attribute_not_exists(caducaEn)');
  return { ConditionExpression: parts.join(' AND '), ExpressionAttributeValues: values };
}

const count = (TableName: string, Key: Item, by: number) => ({ Update: { TableName, Key, UpdateExpression: 'ADD n :d', ExpressionAttributeValues: { ':d': by } } });
const countUpTo = (TableName: string, Key: Item, max: number) => ({
  Update: { TableName, Key, UpdateExpression: 'ADD n :one', ConditionExpression: 'attribute_not_exists(n) OR n < :max', ExpressionAttributeValues: { ':one': 1, ':max': max } },
});
const owned = (p: PlatformItem) => p.ownerId !== DYNAMIC_OWNER;

/** What a registration gives back when it goes (or is replaced): its owner's count, its domain's, its queue entry. */
function releases(TableName: string, p: PlatformItem, keep: { owner?: string; domain?: string } = {}) {
  return [
    ...(p.contada && owned(p) && p.ownerId !== keep.owner ? [count(TableName, accountCountKey(p.ownerId), -1)] : []),
    ...(p.dominio && p.dominio !== keep.domain ? [count(TableName, domainCountKey(p.dominio), -1)] : []),
    ...(p.caducaEn ? [{ Delete: { TableName, Key: expiryKey({ ...p, caducaEn: p.caducaEn }) } }] : []),
  ];
}

export function dynamoPlatformStore(db: DynamoDBDocumentClient, TableName: string): PlatformStore {
  const nowIso = () => clock.now().toISOString();
  const raw = async (issuer: string, clientId: string) => {
    const { Item } = await db.send(new GetCommand({ TableName, Key: platformKey(issuer, clientId), ConsistentRead: true }));
    return Item && strip(Item);
  };
  const live = (p: PlatformItem | undefined) => (p && !expired(p, nowIso()) ? p : undefined);
  const platform = async (issuer: string, clientId: string) => live(await raw(issuer, clientId));

  /** A transaction that may lose a race for a count item to another: tried again after a jittered pause. */
  async function transact(TransactItems: object[]) {
    for (let attempt = 1; ; attempt++) {
      try {
        return await db.send(new TransactWriteCommand({ TransactItems }));
      } catch (error) {
        if (!conflicted(error) || attempt >= MAX_TRIES) throw error;
        await pause();
      }
    }
  }

  async function registerOnce(registration: PlatformItem, reservation?: DomainReservation): Promise<RegisterOutcome | 'otra-vez'> {
    const current = await raw(registration.issuer, registration.clientId);
    const replaces = current && (expired(current, nowIso()) || (current.estado === 'pendiente' && registration.estado === 'activa'));
    if (current && !replaces) return 'ocupada';
    const mine = owned(registration);
    const items: object[] = [
      { Put: { TableName, Item: { ...platformKey(registration.issuer, registration.clientId), ...registration }, ...(current ? asRead(current) : { ConditionExpression: 'attribute_not_exists(pk)' }) } },
      // A dynamic registration has no Mentora account behind it: no pointer, no account's count.
      ...(mine ? [{ Put: { TableName, Item: { ...ownerPointerKey(registration.ownerId, registration.issuer, registration.clientId), issuer: registration.issuer, clientId: registration.clientId } } }] : []),
    ];
    // The same account or domain replacing its own: the count stays as it is (one item, one action per transaction).
    const sameOwner = current?.contada && mine && current.ownerId === registration.ownerId;
    // A reserved place is already in the domain's count: the replaced one gives its own back whatever its domain.
    const sameDomain = !reservation && Boolean(current?.dominio) && current?.dominio === registration.dominio;
    const accountAt = mine && registration.contada && !sameOwner ? items.push(countUpTo(TableName, accountCountKey(registration.ownerId), MAX_PER_ACCOUNT)) - 1 : -1;
    const domainAt = reservation
      ? items.push({ Delete: { TableName, Key: reservationKey(reservation), ConditionExpression: 'attribute_exists(pk)' } }) - 1
      : registration.dominio && !sameDomain ? items.push(countUpTo(TableName, domainCountKey(registration.dominio), MAX_UNPROVEN_PER_DOMAIN)) - 1 : -1;
    if (registration.caducaEn) items.push({ Put: { TableName, Item: { ...expiryKey({ ...registration, caducaEn: registration.caducaEn }), issuer: registration.issuer, clientId: registration.clientId, registro: registration.registro, caducaEn: registration.caducaEn } } });
    if (current) items.push(...releases(TableName, current, { owner: sameOwner ? registration.ownerId : undefined, domain: sameDomain ? registration.dominio : undefined }));
    try {
      await transact(items);
      return 'hecho';
    } catch (error) {
      // Someone else wrote this issuer and client id meanwhile: read what is there now (taken says more than a bound).
      if (cancelledBy(error, 0)) return 'otra-vez';
      if (accountAt >= 0 && cancelledBy(error, accountAt)) return 'cuenta';
      if (domainAt >= 0 && cancelledBy(error, domainAt)) return 'dominio';
      throw error;
    }
  }

  const deleteItems = (current: PlatformItem) => [
    { Delete: { TableName, Key: platformKey(current.issuer, current.clientId), ...asRead(current) } },
    ...(owned(current) ? [{ Delete: { TableName, Key: ownerPointerKey(current.ownerId, current.issuer, current.clientId) } }] : []),
    ...releases(TableName, current),
  ];

  return {
    platform,
    async platformsOf(issuer, limit) {
      const query = { TableName, KeyConditionExpression: 'pk = :pk AND begins_with(sk, :c)', ExpressionAttributeValues: { ':pk': platformPk(issuer), ':c': CLIENT_PREFIX }, ConsistentRead: true };
      const items = limit ? (await db.send(new QueryCommand({ ...query, Limit: limit }))).Items ?? [] : await queryAll<Item>(db, query);
      return items.map(strip).filter((p) => !expired(p, nowIso()));
    },
    async register(registration, reservation) {
      for (let attempt = 1; attempt <= 3; attempt++) {
        const outcome = await registerOnce(registration, reservation);
        if (outcome !== 'otra-vez') return outcome;
      }
      return 'ocupada';
    },
    async reserveDomain(dominio, now) {
      const reservation: DomainReservation = { dominio, reserva: randomBytes(12).toString('base64url'), caducaEn: new Date(now.getTime() + RESERVATION_SECONDS * 1000).toISOString() };
      const reserved = await writeIf(transact([
        countUpTo(TableName, domainCountKey(dominio), MAX_UNPROVEN_PER_DOMAIN),
        { Put: { TableName, Item: { ...reservationKey(reservation), ...reservation }, ConditionExpression: 'attribute_not_exists(pk)' } },
      ]), cancelledByCondition);
      return reserved ? reservation : undefined;
    },
    // Only the write that deletes the entry gives the place back: a release and the registration's consumption (or
    // two releases, the sweep's and the request's) never both count.
    releaseReservation: (reservation) => writeIf(transact([
      { Delete: { TableName, Key: reservationKey(reservation), ConditionExpression: 'attribute_exists(pk)' } },
      count(TableName, domainCountKey(reservation.dominio), -1),
    ]), cancelledByCondition),
    async platformsOwnedBy(userId) {
      const pointers = await queryAll<{ issuer: string; clientId: string }>(db, {
        TableName, KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)', ExpressionAttributeValues: { ':pk': userPk(userId), ':p': OWNER_POINTER_PREFIX },
      });
      const found = await Promise.all(pointers.map((p) => platform(p.issuer, p.clientId)));
      // A pointer outlives a registration replaced by another (pending, or expired): that registration is no longer theirs.
      return found.filter((p): p is PlatformItem => p?.ownerId === userId);
    },
    async ownedPlatform(userId, id) {
      const { Item } = await db.send(new GetCommand({ TableName, Key: { pk: userPk(userId), sk: `${OWNER_POINTER_PREFIX}${id}` } }));
      if (!Item) return undefined;
      const found = await platform(Item.issuer as string, Item.clientId as string);
      return found?.ownerId === userId ? found : undefined;
    },
    updatePlatform: (current, next) => {
      // Only what an owner edits: a proof, a count or a handover written since stays (asRead refuses a changed one).
      const fields = {
        authUrl: next.authUrl, jwksUrl: next.jwksUrl, deployments: next.deployments, estado: next.estado, actualizadoEn: next.actualizadoEn, paginas: next.paginas ?? [],
        ...(next.tokenUrl && { tokenUrl: next.tokenUrl }),
      };
      const names = Object.keys(fields);
      const read = asRead(current);
      return writeIf(db.send(new UpdateCommand({
        TableName, Key: platformKey(current.issuer, current.clientId),
        UpdateExpression: `SET ${names.map((n) => `#${n} = :v_${n}`).join(', ')}`,
        ExpressionAttributeNames: Object.fromEntries(names.map((n) => [`#${n}`, n])),
        ConditionExpression: read.ConditionExpression,
        ExpressionAttributeValues: { ...read.ExpressionAttributeValues, ...Object.fromEntries(names.map((n) => [`:v_${n}`, fields[n as keyof typeof fields]])) },
      })));
    },
    deletePlatform: (current) => writeIf(transact(deleteItems(current)), cancelledByCondition),
    approvePlatform: (current) => {
      const read = asRead(current);
      return writeIf(db.send(new UpdateCommand({
        TableName, Key: platformKey(current.issuer, current.clientId), UpdateExpression: 'SET estado = :activa',
        ConditionExpression: `${read.ConditionExpression} AND jwksUrl = :jwks`,
        ExpressionAttributeValues: { ...read.ExpressionAttributeValues, ':activa': 'activa', ':jwks': current.jwksUrl },
      })));
    },
    assignPlatform: (current, userId) => {
      const read = asRead(current);
      const moves = current.contada && owned(current) ? current.ownerId !== userId : true;
      return writeIf(transact([
        {
          Update: {
            TableName, Key: platformKey(current.issuer, current.clientId), UpdateExpression: 'SET ownerId = :u, contada = :t',
            ConditionExpression: read.ConditionExpression, ExpressionAttributeValues: { ...read.ExpressionAttributeValues, ':u': userId, ':t': true },
          },
        },
        { Put: { TableName, Item: { ...ownerPointerKey(userId, current.issuer, current.clientId), issuer: current.issuer, clientId: current.clientId } } },
        // The operator's hand is over the account's bound: counted, never refused.
        ...(moves ? [count(TableName, accountCountKey(userId), 1)] : []),
        ...(moves && current.contada && owned(current) ? [count(TableName, accountCountKey(current.ownerId), -1)] : []),
      ]), cancelledByCondition);
    },
    async markProven(proven, at) {
      if (!proven.caducaEn) {
        await writeIf(db.send(new UpdateCommand({
          TableName, Key: platformKey(proven.issuer, proven.clientId), UpdateExpression: 'SET probadaEn = :at',
          ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(probadaEn)', ExpressionAttributeValues: { ':at': at },
        })));
        return;
      }
      const read = asRead(proven);
      await writeIf(transact([
        {
          Update: {
            TableName, Key: platformKey(proven.issuer, proven.clientId), UpdateExpression: 'SET probadaEn = :at REMOVE caducaEn, dominio',
            ConditionExpression: `${read.ConditionExpression} AND attribute_not_exists(probadaEn)`, ExpressionAttributeValues: { ...read.ExpressionAttributeValues, ':at': at },
          },
        },
        { Delete: { TableName, Key: expiryKey({ ...proven, caducaEn: proven.caducaEn }) } },
        ...(proven.dominio ? [count(TableName, domainCountKey(proven.dominio), -1)] : []),
      ]), cancelledByCondition);
    },
    ...dynamoPublicationStore(db, TableName),
    async expiredPlatforms(before, limit) {
      const { Items = [] } = await db.send(new QueryCommand({
        TableName, KeyConditionExpression: 'pk = :pk AND sk < :before', ExpressionAttributeValues: { ':pk': EXPIRY_PK, ':before': before }, Limit: limit,
      }));
      return Items.map((i): QueueEntry => {
        if (typeof i.reserva === 'string') return { dominio: i.dominio as string, reserva: i.reserva, caducaEn: i.caducaEn as string };
        if (i.publicar === true) return { issuer: i.issuer as string, clientId: i.clientId as string, publicar: true, intento: Number(i.intento ?? 1), caducaEn: i.caducaEn as string };
        return { issuer: i.issuer as string, clientId: i.clientId as string, registro: i.registro as string | undefined, caducaEn: i.caducaEn as string };
      });
    },
    async expirePlatform(entry, now) {
      const current = await raw(entry.issuer, entry.clientId);
      const same = current && current.registro === entry.registro && current.caducaEn === entry.caducaEn && expired(current, now);
      if (!same) {
        // Proven, replaced or deleted since (each of which removes the entry with its own write): an orphan at most.
        await db.send(new DeleteCommand({ TableName, Key: expiryKey(entry) }));
        return undefined;
      }
      return (await writeIf(transact(deleteItems(current)), cancelledByCondition)) ? current : undefined;
    },
  };
}
