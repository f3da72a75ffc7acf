import { createHash } from 'node:crypto';
import { GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { writeIf } from '../shared/table-writes';

// The LMS course's roster (NRPS 2.0, issue 45 item 5, docs/lti.md "Roster"), in the LMS course's aula partition
// beside its scores: where the platform serves the course's members (LMSNRPS, written by the launches that
// landed in the aula), and the members the teacher last imported (LMSROSTER), replaced whole by each import and
// gone 30 days after it (the table's TTL). Only what the teacher is shown is kept: the name as the LMS gives it,
// a role, and a hash of the LTI identity (platform, deployment, `user_id`) to tell who has launched. No email,
// no picture, no `user_id` in clear. An import claims the item first, so twenty at once make one fetch.

const aulaPk = (aulaId: string) => `AULA#${aulaId}`;
export const sourceKey = (aulaId: string) => ({ pk: aulaPk(aulaId), sk: 'LMSNRPS' });
export const rosterKey = (aulaId: string) => ({ pk: aulaPk(aulaId), sk: 'LMSROSTER' });

/** How long an imported roster stays (the LMS's course changes; the teacher imports again). */
export const ROSTER_TTL_S = 30 * 24 * 3600;

/** Where the platform serves the course's members: the latest launch's membership URL (checked by the lti room). */
export interface RosterSource {
  url: string;
  /** The LMS course's id: the container the platform answers must be this course's. */
  contextId: string;
  issuer: string;
  clientId: string;
  /** The registration instance (lambdas/lti/lti-items.ts PlatformItem.registro): a later registration of the same issuer and client id is not it. */
  registro?: string;
  deploymentId: string;
  /** The aula's teacher's identity hash (their own launch wrote it): their row shows as launched. */
  profesor?: string;
  actualizadoEn: string;
}

export type RosterRole = 'profesor' | 'estudiante' | 'otro';
export interface RosterMember {
  /** memberHash of the member's LTI identity: matched against the learners who launched, never by name or email. */
  id: string;
  nombre: string;
  rol: RosterRole;
}

export interface Roster {
  miembros: RosterMember[];
  importadaEn: string;
  expiresAt: number;
  /** NRPS 2.0's `differences` link the platform gave with this read: the next import asks it for the changes only. */
  diferencias?: string;
}

/** An LTI identity in one aula: the platform (issuer, client id), the deployment and the `sub` / NRPS `user_id`. */
export const memberHash = (s: Pick<RosterSource, 'issuer' | 'clientId' | 'deploymentId'>, userId: string) =>
  createHash('sha256').update([s.issuer, s.clientId, s.deploymentId, userId].join('\n'), 'utf8').digest('base64url').slice(0, 22);

type Stored = Partial<Roster> & { importando?: string; importandoHasta?: number };

export function rosterItems(db: DynamoDBDocumentClient, TableName: string) {
  return {
    /** A launch into the aula names its course's membership URL; the teacher's own also says who the teacher is. */
    async bindRosterSource(aulaId: string, source: Omit<RosterSource, 'profesor'>, teacherSub?: string) {
      const values: Record<string, unknown> = { ':u': source.url, ':c': source.contextId, ':i': source.issuer, ':k': source.clientId, ':d': source.deploymentId, ':at': source.actualizadoEn };
      if (teacherSub) values[':p'] = memberHash(source, teacherSub);
      if (source.registro) values[':r'] = source.registro;
      await db.send(new UpdateCommand({
        TableName, Key: sourceKey(aulaId),
        UpdateExpression: `SET #u = :u, contextId = :c, issuer = :i, clientId = :k, deploymentId = :d, actualizadoEn = :at${teacherSub ? ', profesor = :p' : ''}${source.registro ? ', registro = :r' : ''}`,
        ExpressionAttributeNames: { '#u': 'url' }, ExpressionAttributeValues: values,
      }));
    },
    async rosterSource(aulaId: string): Promise<RosterSource | undefined> {
      const { Item } = await db.send(new GetCommand({ TableName, Key: sourceKey(aulaId), ConsistentRead: true }));
      if (!Item) return undefined;
      const { pk: _pk, sk: _sk, ...source } = Item;
      return source as RosterSource;
    },
    /** The last import (undefined when none, or expired), and whether an import is running now. */
    async roster(aulaId: string, nowS: number): Promise<{ roster?: Roster; importando: boolean }> {
      const { Item } = await db.send(new GetCommand({ TableName, Key: rosterKey(aulaId), ConsistentRead: true }));
      const item = Item as Stored | undefined;
      const fresh = item?.miembros && item.importadaEn && (item.expiresAt ?? 0) > nowS;
      return {
        ...(fresh && { roster: { miembros: item.miembros!, importadaEn: item.importadaEn!, expiresAt: item.expiresAt!, ...(item.diferencias && { diferencias: item.diferencias }) } }),
        importando: Boolean(item?.importando && (item.importandoHasta ?? 0) > nowS),
      };
    },
    /**
     * Claims the import until `untilS`: false while another import holds an unexpired claim, or when a roster was
     * imported after `recent` (an ISO time: the same request again a moment later is answered by that one). The
     * old roster stays readable meanwhile.
     */
    claimRosterImport: (aulaId: string, claim: string, nowS: number, untilS: number, recent: string) =>
      writeIf(db.send(new UpdateCommand({
        TableName, Key: rosterKey(aulaId),
        UpdateExpression: 'SET importando = :c, importandoHasta = :until, expiresAt = if_not_exists(expiresAt, :until)',
        ConditionExpression: '(attribute_not_exists(importandoHasta) OR importandoHasta < :now) AND (attribute_not_exists(importadaEn) OR importadaEn < :recent)',
        ExpressionAttributeValues: { ':c': claim, ':until': untilS, ':now': nowS, ':recent': recent },
      }))),
    /** The import's whole result replaces the roster (and the claim), only while this import still holds it. */
    saveRoster: (aulaId: string, claim: string, roster: Roster) =>
      writeIf(db.send(new PutCommand({
        TableName, Item: { ...rosterKey(aulaId), ...roster },
        ConditionExpression: 'importando = :c', ExpressionAttributeValues: { ':c': claim },
      }))),
    /** A failed import lets go of its claim; the roster before it stays as it was. */
    releaseRosterImport: (aulaId: string, claim: string) =>
      writeIf(db.send(new UpdateCommand({
        TableName, Key: rosterKey(aulaId), UpdateExpression: 'REMOVE importando, importandoHasta',
        ConditionExpression: 'importando = :c', ExpressionAttributeValues: { ':c': claim },
      }))),
  };
}
export type RosterItems = ReturnType<typeof rosterItems>;
