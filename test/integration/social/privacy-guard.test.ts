import { assertNoPrivateFields } from './support';

// The guard every social response passes through must itself be able to fail.
describe('the private-field guard of the social tests', () => {
  it.each([
    [{ data: { items: [{ userId: 'u', email: 'x' }] } }, /email is private/],
    [{ data: { recibidas: [{ perfil: { plan: { nombre: 'premium' } } }] } }, /plan is private/],
    [{ data: { bio: 'hola' } }, /bio is private/],
    [{ tokens: {} }, /tokens is private/],
    [{ data: { nombre: 'ana@example.com' } }, /looks like an email/],
  ])('refuses %j', (body, why) => {
    expect(() => assertNoPrivateFields(body)).toThrow(why);
  });

  it('accepts a public card', () => {
    expect(() => assertNoPrivateFields({ success: true, data: { items: [{ userId: 'u', nombre: 'Ana', intereses: ['Arte'] }], cursor: null } })).not.toThrow();
  });
});
