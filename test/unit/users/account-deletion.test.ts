import { deleteAccount, emailHash, MISMATCH, type DeletionDeps } from '../../../lambdas/users/account-deletion';
import { DELETING_SK, type DeletionMarker, type Key, type PartitionStore, type StoredItem } from '../../../lambdas/users/partition-store';
import type { User } from '../../../lambdas/contract';

// The deletion's order, crash by crash: whichever step fails, the learner can sign in and call
// DELETE again, and the second call finishes the job; the Cognito user always goes last.

const EMAIL = 'ana@example.com';
const ME = 'me';

function world() {
  const table = new Map<string, StoredItem>();
  const put = (pk: string, sk: string, extra = {}) => table.set(`${pk}|${sk}`, { pk, sk, ...extra });
  put(`USER#${ME}`, 'PROFILE', { email: EMAIL });
  put(`USER#${ME}`, 'COURSE#c1');
  put(`USER#${ME}`, 'JOB#j-running', { status: 'en_proceso' });
  put(`USER#${ME}`, 'JOB#j-done', { status: 'completado' });
  put(`USER#${ME}`, 'CONN#bob');
  put('USER#bob', 'CONN#me');
  put('USER#bob', 'PROFILE', { email: 'bob@example.com' });
  const log: string[] = [];
  let failAt: string | undefined;
  const step = (name: string) => {
    log.push(name);
    if (failAt === name) {
      failAt = undefined;
      throw new Error(`crash at ${name}`);
    }
  };
  const partition: PartitionStore = {
    async items(userId) {
      return [...table.values()].filter((i) => i.pk === `USER#${userId}`).sort((a, b) => (a.sk < b.sk ? -1 : 1));
    },
    async deleteKeys(keys: Key[]) {
      step(`delete ${keys.map((k) => `${k.pk}/${k.sk}`).join(',')}`);
      for (const k of keys) table.delete(`${k.pk}|${k.sk}`);
    },
    async marker(userId) {
      return table.get(`USER#${userId}|${DELETING_SK}`) as unknown as DeletionMarker | undefined;
    },
    async startDeletion(userId, marker) {
      step('marker');
      if (!table.has(`USER#${userId}|${DELETING_SK}`)) put(`USER#${userId}`, DELETING_SK, marker);
    },
    async endDeletion(userId) {
      step('end');
      table.delete(`USER#${userId}|${DELETING_SK}`);
    },
  };
  let cognitoUser = true;
  let cognitoGoneAt = Infinity;
  const deps: DeletionDeps = {
    users: { get: async (id) => (table.get(`USER#${id}|PROFILE`) as unknown as User | undefined) },
    partition,
    devices: {
      signOut: async () => {
        step('sign-out');
        if (!cognitoUser) throw Object.assign(new Error('User does not exist.'), { name: 'UserNotFoundException' });
        return 1_000;
      },
      // The first cutoff is the sign-out's moment; the last one the system clock after Cognito's user is gone.
      cutOff: async (userId, at) => step(`cutoff ${userId} ${at === 1_000 ? at : at >= cognitoGoneAt ? 'after cognito' : at}`),
    },
    executions: { stop: async (jobIds) => step(`stop ${jobIds.join(',')}`) },
    payments: { close: async () => step('payments') },
    certificates: { revokeAll: async () => step('certificates') },
    identity: { deleteUser: async () => { step('cognito'); cognitoUser = false; cognitoGoneAt = Date.now(); } },
    now: () => new Date('2026-11-23T05:00:00Z'),
  };
  return {
    deps, log, table,
    failAt: (name: string) => (failAt = name),
    keys: () => [...table.keys()].sort(),
    cognito: () => cognitoUser,
  };
}

const ALL_MINE = 'USER#me/CONN#bob,USER#me/COURSE#c1,USER#me/JOB#j-done,USER#me/JOB#j-running,USER#me/PROFILE';

const run = (w: ReturnType<typeof world>, confirmacion = EMAIL) => deleteAccount(w.deps, { userId: ME, username: ME }, confirmacion);

describe('deleting an account', () => {
  it('refuses a confirmation that is not the account\'s email and changes nothing', async () => {
    const w = world();
    const before = w.keys();
    await expect(run(w, 'bob@example.com')).rejects.toMatchObject({ status: 400, message: MISMATCH });
    expect(w.keys()).toEqual(before);
    expect(w.log).toEqual([]);
  });

  it('goes marker, every session, running executions, payments, certificates, the others\' sides, the partition, Cognito, and the marker last', async () => {
    const w = world();
    await run(w, '  ANA@example.com ');
    expect(w.log).toEqual(['marker', 'sign-out', 'cutoff me 1000', 'stop j-running', 'payments', 'certificates', 'delete USER#bob/CONN#me', `delete ${ALL_MINE}`, 'cognito', 'cutoff me after cognito', 'end']);
    expect(w.keys()).toEqual(['USER#bob|PROFILE']);
    expect(w.cognito()).toBe(false);
  });

  it.each(['marker', 'sign-out', 'cutoff me 1000', 'stop j-running', 'payments', 'certificates', 'delete USER#bob/CONN#me', `delete ${ALL_MINE}`, 'cognito', 'cutoff me after cognito', 'end'])(
    'finishes on the next call after a crash at "%s"',
    async (crash) => {
      const w = world();
      w.failAt(crash);
      await expect(run(w)).rejects.toThrow(`crash at ${crash}`);
      // The Cognito user is still there until its own step succeeds: the learner can come back (and
      // after a crash at the very end, their access token still lets them finish).
      expect(w.cognito()).toBe(!['cutoff me after cognito', 'end'].includes(crash));
      await expect(run(w, 'bob@example.com')).rejects.toMatchObject({ status: 400 });
      await run(w);
      expect(w.keys()).toEqual(['USER#bob|PROFILE']);
      expect(w.cognito()).toBe(false);
    },
  );

  it('erases the narrated audio by its prefix after the partition and before Cognito (while the learner can still come back to finish)', async () => {
    const w = world();
    const narration = (userId: string) => void w.log.push(`narration ${userId}`);
    w.deps.narrationFiles = { removeAll: async (userId) => narration(userId) };
    await run(w);
    expect(w.log.slice(-5)).toEqual([`delete ${ALL_MINE}`, `narration ${ME}`, 'cognito', 'cutoff me after cognito', 'end']);
  });

  it('keeps the email\'s hash in the marker, never the email', async () => {
    const w = world();
    w.failAt('payments');
    await expect(run(w)).rejects.toThrow();
    expect(w.table.get(`USER#${ME}|${DELETING_SK}`)).toEqual({ pk: `USER#${ME}`, sk: DELETING_SK, emailHash: emailHash(EMAIL), startedAt: '2026-11-23T05:00:00.000Z' });
  });
});
