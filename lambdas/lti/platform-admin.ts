import type { PlatformItem } from './lti-items';
import type { LtiStore } from './lti-store';
import { isActive } from './platform-trust';

// The operator's hand on registrations (docs/operations.md "LTI platform registrations", run by
// scripts/lti-platforms.ts): what no account can do through the API. A pending registration is approved once
// someone has checked that its key set is the platform's (its administrator, reached outside Mentora); a dynamic
// registration, which no account owns, is handed to the school's administrator's account so that they manage
// it on /lti/plataformas (Canvas: add the deployment made at install); a squatted or abandoned one is deleted.

export type AdminAnswer = { hecho: true; plataforma: PlatformItem } | { hecho: false; motivo: string };

const changed = { hecho: false, motivo: 'La plataforma cambió mientras tanto (o ya no existe): vuelve a leerla.' } as const;

async function read(store: Pick<LtiStore, 'platform'>, issuer: string, clientId: string) {
  return store.platform(issuer, clientId);
}

export async function approvePlatform(store: LtiStore, issuer: string, clientId: string): Promise<AdminAnswer> {
  const current = await read(store, issuer, clientId);
  if (!current) return { hecho: false, motivo: 'No hay ningún registro con ese emisor y client_id.' };
  if (isActive(current)) return { hecho: true, plataforma: current };
  // Approved as read: the key set someone checked, not one its owner put there since.
  if (!(await store.approvePlatform(current))) return changed;
  return { hecho: true, plataforma: { ...current, estado: 'activa' } };
}

export async function assignPlatform(store: LtiStore, issuer: string, clientId: string, userId: string): Promise<AdminAnswer> {
  const current = await read(store, issuer, clientId);
  if (!current) return { hecho: false, motivo: 'No hay ningún registro con ese emisor y client_id.' };
  if (!(await store.assignPlatform(current, userId))) return changed;
  return { hecho: true, plataforma: { ...current, ownerId: userId } };
}

export async function removePlatform(store: LtiStore, issuer: string, clientId: string): Promise<AdminAnswer> {
  const current = await read(store, issuer, clientId);
  if (!current) return { hecho: false, motivo: 'No hay ningún registro con ese emisor y client_id.' };
  if (!(await store.deletePlatform(current))) return changed;
  return { hecho: true, plataforma: current };
}
