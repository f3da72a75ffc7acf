import { handleTag, nameSlug, publicHandle } from '../../../lambdas/social/public-handle';
import { toPublicProfile, toRecord } from '../../../lambdas/social/public-profile-store';

// Issue 34: two learners with the same name are told apart by a short public handle.
describe('public handle', () => {
  it('tells two namesakes apart and stays the same for the same account', () => {
    const a = publicHandle('3f6c1a2e-0000-4000-8000-000000000001', 'Ana García');
    const b = publicHandle('3f6c1a2e-0000-4000-8000-000000000002', 'Ana García');
    expect(a).toMatch(/^ana-garcia-[2-9a-hjkmnp-z]{4}$/);
    expect(b).toMatch(/^ana-garcia-[2-9a-hjkmnp-z]{4}$/);
    expect(a).not.toBe(b);
    expect(publicHandle('3f6c1a2e-0000-4000-8000-000000000001', 'Ana García')).toBe(a);
  });

  it('keeps its tag when the learner changes their name', () => {
    const id = 'c0ffee00-0000-4000-8000-000000000000';
    expect(publicHandle(id, 'Ana María').endsWith(handleTag(id))).toBe(true);
    expect(publicHandle(id, 'Ana García').endsWith(handleTag(id))).toBe(true);
  });

  it('is built from the name only, never anything else of the account', () => {
    expect(nameSlug('  Ñandú   Pérez-López!! ')).toBe('nandu-perez-lopez');
    expect(nameSlug('李')).toBe('persona');
    expect(nameSlug('a'.repeat(60)).length).toBeLessThanOrEqual(24);
    const card = toPublicProfile(toRecord({ userId: 'u-1', nombre: 'Ana', email: 'ana@example.com', publico: true }));
    expect(card.alias).toBe(`ana-${handleTag('u-1')}`);
    expect(JSON.stringify(card)).not.toContain('example.com');
  });
});
