import { isActive, keysAreIssuers, stateFor } from '../../../lambdas/lti/platform-trust';

// Whose keys a manual registration trusts (docs/lti.md "Who can register a platform"): the issuer's own origin,
// or the key set a hosted LMS documents for its shared issuer; anything else waits for an operator.

it('trusts a key set on the issuer\'s own origin (Moodle, Brightspace, a self-hosted Canvas)', () => {
  expect(keysAreIssuers('https://moodle.colegio.edu', 'https://moodle.colegio.edu/mod/lti/certs.php')).toBe(true);
  expect(keysAreIssuers('https://colegio.edu/moodle', 'https://colegio.edu/moodle/mod/lti/certs.php')).toBe(true);
  expect(stateFor('https://canvas.colegio.edu', 'https://canvas.colegio.edu/api/lti/security/jwks')).toBe('activa');
});

it('does not trust keys elsewhere: another host, a sibling subdomain, another port or scheme, credentials in the URL', () => {
  expect(keysAreIssuers('https://moodle.colegio.edu', 'https://atacante.example/jwks')).toBe(false);
  // A hosted LMS gives each school a subdomain: a sibling school is not this issuer.
  expect(keysAreIssuers('https://colegio.moodlecloud.com', 'https://atacante.moodlecloud.com/mod/lti/certs.php')).toBe(false);
  expect(keysAreIssuers('https://moodle.colegio.edu', 'https://moodle.colegio.edu:8443/jwks')).toBe(false);
  expect(keysAreIssuers('https://moodle.colegio.edu', 'http://moodle.colegio.edu/jwks')).toBe(false);
  expect(keysAreIssuers('https://moodle.colegio.edu', 'https://user:pw@moodle.colegio.edu/jwks')).toBe(false);
  expect(keysAreIssuers('no es una url', 'https://moodle.colegio.edu/jwks')).toBe(false);
  expect(stateFor('https://moodle.colegio.edu', 'https://atacante.example/jwks')).toBe('pendiente');
});

it('trusts Canvas Cloud\'s shared issuer only with the key set Instructure documents', () => {
  expect(keysAreIssuers('https://canvas.instructure.com', 'https://sso.canvaslms.com/api/lti/security/jwks')).toBe(true);
  expect(keysAreIssuers('https://canvas.beta.instructure.com', 'https://sso.beta.canvaslms.com/api/lti/security/jwks')).toBe(true);
  // Its own origin still is its own (Canvas's key set was there before it moved to sso.canvaslms.com).
  expect(keysAreIssuers('https://canvas.instructure.com', 'https://canvas.instructure.com/api/lti/security/jwks')).toBe(true);
  expect(keysAreIssuers('https://canvas.instructure.com', 'https://sso.canvaslms.com/api/lti/security/otra')).toBe(false);
  expect(keysAreIssuers('https://canvas.instructure.com', 'https://atacante.example/jwks')).toBe(false);
});

it('a registration made before states existed counts as active', () => {
  expect(isActive({})).toBe(true);
  expect(isActive({ estado: 'activa' })).toBe(true);
  expect(isActive({ estado: 'pendiente' })).toBe(false);
});
