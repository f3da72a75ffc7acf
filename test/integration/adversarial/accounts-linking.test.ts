import { call, mailFor, PASSWORD, signUp, uniqueEmail } from '../support/api';
import { providerSignIn } from './hosted-ui';

// Issue 20, item 4: a first Google or Microsoft sign-in is linked only to an account its owner
// confirmed with a verified email (lambdas/auth/link-rule.ts, used by the pre-sign-up trigger on
// AWS and by the local Hosted UI here).

describe('linking a provider sign-in to an existing account', () => {
  it('never links to an account someone else registered with the victim\'s email and never confirmed', async () => {
    const victim = uniqueEmail('victima');
    // The attacker registers the victim's address with a password of their own, and stops there.
    const squat = await call('POST', '/auth/register', { body: { email: victim, password: 'Atacante-2026', nombre: 'Atacante' } });
    expect(squat.status).toBe(201);

    const google = await providerSignIn('Google', victim);
    expect(google.sub).not.toBe(squat.body.user.id);
    const social = await call('POST', '/auth/loginsocial', { body: { accessToken: google.accessToken, idToken: google.idToken } });
    expect(social.status).toBe(200);
    expect(social.body.user.id).toBe(google.sub);

    // The attacker's account is still unconfirmed and still cannot sign in: nothing of the victim's is behind it.
    const attacker = await call('POST', '/auth/login', { body: { email: victim, password: 'Atacante-2026' } });
    expect(attacker.status).toBe(403);
    // Even the mailed code, had the attacker guessed it, would open an account that holds no Google identity.
    const [mail] = await mailFor(victim);
    const confirmed = await call('POST', '/auth/login', { body: { email: victim, password: 'Atacante-2026', code: mail.code } });
    expect(confirmed.body.user.id).not.toBe(google.sub);
    const again = await providerSignIn('Google', victim);
    expect(again.sub).toBe(google.sub);
  });

  it('links to the learner who confirmed that email: same id, same learner', async () => {
    const learner = await signUp('Confirmada');
    const microsoft = await providerSignIn('Microsoft', learner.email);
    expect(microsoft.sub).toBe(learner.user.id);
    expect((await call('POST', '/auth/login', { body: { email: learner.email, password: PASSWORD } })).status).toBe(200);
  });
});
