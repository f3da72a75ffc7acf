import { peekReturnPath, rememberReturnPath, takeReturnPath } from '../../../web/src/lib/return-path';

// The way back after signing in (issue 25): only a path of this site is ever remembered, so a link
// cannot send a learner who just signed in to another site.

beforeEach(() => sessionStorage.clear());

test('a page of the site is remembered once and then forgotten', () => {
  rememberReturnPath('/compartido/AbCdEfGhIjKlMnOpQrStUv');
  expect(peekReturnPath()).toBe('/compartido/AbCdEfGhIjKlMnOpQrStUv');
  expect(takeReturnPath()).toBe('/compartido/AbCdEfGhIjKlMnOpQrStUv');
  expect(takeReturnPath()).toBe('/dashboard');
});

test.each(['https://malo.example/x', '//malo.example/x', 'javascript:alert(1)', '/compartido/x?next=https://malo.example', '/\\malo.example'])('refuses %s', (path) => {
  rememberReturnPath(path);
  expect(takeReturnPath()).toBe('/dashboard');
});

test('a value planted in storage by hand is not followed either', () => {
  sessionStorage.setItem('mentora.volverA', '//malo.example');
  expect(takeReturnPath()).toBe('/dashboard');
});

test('a query of plain words is kept (what the visitor asked for, done on the way back)', () => {
  rememberReturnPath('/compartido/AbCd?copiar=1');
  expect(takeReturnPath()).toBe('/compartido/AbCd?copiar=1');
});
