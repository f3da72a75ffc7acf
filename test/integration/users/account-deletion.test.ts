import { LOCAL_STRIPE_SECRET_KEY } from '../../../infra/local/stripe';
import { emailHash } from '../../../lambdas/users/account-deletion';
import { call, PASSWORD } from '../support/api';
import { connect, deleteItem, fullLearner, partition, putItem, sortKeys, uniqueTopic, type Learner } from './account-fixture';

// DELETE /users/me against the local stack (DynamoDB, Cognito, the Stripe stand-in): everything of
// the learner goes, nothing of anyone else does, and an interrupted deletion is finished by the next.

const MISMATCH = 'El correo no coincide con el de tu cuenta. Escríbelo tal como aparece en tu perfil para confirmar.';
const remove = (who: Learner, confirmacion: string) => call('DELETE', '/users/me', { token: who.token, body: { confirmacion } });
const search = (who: Learner, topic: string) => call('GET', `/social/users/search?topic=${encodeURIComponent(topic)}`, { token: who.token });

describe('deleting an account', () => {
  let topic: string;
  let ana: Learner;
  let bruno: Learner;
  let carla: Learner;
  beforeAll(async () => {
    topic = uniqueTopic('Astronomía');
    [ana, bruno, carla] = await Promise.all([fullLearner('Ana', topic), fullLearner('Bruno', topic), fullLearner('Carla', topic)]);
    await connect(ana, bruno, carla);
  }, 180_000);

  it('changes nothing when the confirmation is not the account\'s email', async () => {
    const before = await sortKeys(ana.id);
    expect(before).toEqual(expect.arrayContaining(['PROFILE', 'PUBLIC', `COURSE#${ana.courseId}`, `TUTOR#${ana.courseId}`, `CONN#${bruno.id}`, `CONN#${carla.id}`]));
    expect(await remove(ana, bruno.email)).toEqual({ status: 400, body: { success: false, message: MISMATCH } });
    expect(await sortKeys(ana.id)).toEqual(before);
    expect((await call('GET', '/users/me', { token: ana.token })).status).toBe(200);
  });

  it('deletes every item of the learner, both sides of their connections, and their sign-in; nothing of the others', async () => {
    const bruno0 = await sortKeys(bruno.id);
    const carla0 = await sortKeys(carla.id);
    expect(bruno0).toContain(`CONN#${ana.id}`);
    expect(carla0).toContain(`CONN#${ana.id}`);

    const res = await remove(ana, ana.email.toUpperCase());
    expect(res).toEqual({ status: 200, body: { success: true, message: 'Tu cuenta y todos tus datos se han eliminado.' } });

    expect(await partition(ana.id)).toEqual([]);
    expect(await sortKeys(bruno.id)).toEqual(bruno0.filter((sk) => sk !== `CONN#${ana.id}`));
    expect(await sortKeys(carla.id)).toEqual(carla0.filter((sk) => sk !== `CONN#${ana.id}`));
    const found = (await search(bruno, topic)).body.data.items.map((c: { userId: string }) => c.userId);
    expect(found).toEqual([carla.id]);
    expect((await call('POST', '/auth/login', { body: { email: ana.email, password: PASSWORD } })).status).not.toBe(200);
    // Bruno's own course is untouched.
    expect((await call('GET', `/courses/${bruno.courseId}`, { token: bruno.token })).status).toBe(200);
  });
});

describe('an interrupted deletion', () => {
  it('is finished by the next DELETE, which still checks the email once the profile is gone', async () => {
    const topic = uniqueTopic('Geología');
    const [dora, eva] = await Promise.all([fullLearner('Dora', topic), fullLearner('Eva', topic)]);
    await call('POST', '/social/connections', { token: dora.token, body: { userId: eva.id } });
    // As a first DELETE leaves things when it stops half-way: the marker written, the profile and
    // the course already deleted, the rest (connections, tutor, lessons...) still there.
    await putItem({ pk: `USER#${dora.id}`, sk: 'DELETING', emailHash: emailHash(dora.email), startedAt: new Date().toISOString() });
    await deleteItem(`USER#${dora.id}`, 'PROFILE');
    await deleteItem(`USER#${dora.id}`, `COURSE#${dora.courseId}`);
    expect((await sortKeys(dora.id)).length).toBeGreaterThan(3);

    expect(await remove(dora, eva.email)).toMatchObject({ status: 400, body: { message: MISMATCH } });
    expect(await remove(dora, dora.email)).toMatchObject({ status: 200 });
    expect(await partition(dora.id)).toEqual([]);
    expect(await sortKeys(eva.id)).not.toContain(`CONN#${dora.id}`);
    expect((await call('POST', '/auth/login', { body: { email: dora.email, password: PASSWORD } })).status).not.toBe(200);
  }, 120_000);
});

describe('deleting a premium account', () => {
  it('cancels the subscription and removes the saved cards before deleting the learner', async () => {
    const { signUp } = await import('../support/api');
    const { customerOf, stripeUrl, subscriptionsOf, upgradeAndPay } = await import('../payments/support');
    const { user, email, tokens } = await signUp('Paula');
    await upgradeAndPay(tokens.accessToken);
    const live = (await subscriptionsOf(email)).filter((s) => s.status !== 'canceled');
    expect(live).toHaveLength(1);
    const customer = await customerOf(email);
    const cards = async () =>
      ((await (await fetch(`${stripeUrl()}/v1/payment_methods?customer=${customer.id}&type=card`, { headers: { authorization: `Bearer ${LOCAL_STRIPE_SECRET_KEY}` } })).json()) as { data: unknown[] }).data;
    expect(await cards()).toHaveLength(1);

    expect((await call('DELETE', '/users/me', { token: tokens.accessToken, body: { confirmacion: email } })).status).toBe(200);
    expect((await subscriptionsOf(email)).map((s) => s.status)).toEqual(['canceled']);
    expect(await cards()).toEqual([]);
    expect(await partition(user.id)).toEqual([]);
  }, 60_000);
});
