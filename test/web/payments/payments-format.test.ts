import { formatDate, formatMoney, learnerLocale } from '../../../web/src/features/payments/format';

// Money and dates follow the price's currency and the learner's Spanish locale (the browser's).
const plain = (s: string) => s.replace(/\s/g, ' ');

describe('money and dates', () => {
  it("uses the browser's Spanish locale, or plain Spanish when the browser has none", () => {
    expect(learnerLocale(['en-US', 'es-AR', 'es-ES'])).toBe('es-AR');
    expect(learnerLocale(['en-US', 'fr-FR'])).toBe('es');
    expect(learnerLocale([])).toBe('es');
  });

  it('writes the price in its own currency, the way the locale writes it', () => {
    expect(plain(formatMoney(999, 'eur', 'es-ES'))).toBe('9,99 €');
    expect(plain(formatMoney(19900, 'mxn', 'es-MX'))).toBe('$199.00');
    expect(plain(formatMoney(999, 'usd', 'es-ES'))).toBe('9,99 US$');
  });

  it('reads minor units by the currency: no cents in Chilean pesos', () => {
    expect(plain(formatMoney(9990, 'clp', 'es-CL'))).toBe('$9.990');
  });

  it("writes dates in the locale's long form", () => {
    expect(formatDate('2026-12-22T10:00:00.000Z', 'es-ES')).toBe('22 de diciembre de 2026');
  });
});
