import { normalizeTopic } from '../../../lambdas/contract/social';
import { topicsOf } from '../../../lambdas/social/topic-index';

describe('topic normalisation', () => {
  it.each([
    ['Programación', 'programacion'],
    ['  PROGRAMACIÓN   web ', 'programacion web'],
    ['Pingüinos y Ñandúes', 'pinguinos y nandues'],
    ['Cálculo\tdiferencial\n', 'calculo diferencial'],
    ['C++', 'c++'],
    ['   ', ''],
  ])('%j is %j', (raw, norm) => {
    expect(normalizeTopic(raw)).toBe(norm);
  });

  it('treats a decomposed accent like a composed one', () => {
    expect(normalizeTopic('Historia de Espan\u0303a')).toBe(normalizeTopic('Historia de España'));
  });
});

describe("a learner's topics", () => {
  it('keeps one entry per normalised topic, with the first label written', () => {
    expect([...topicsOf(['Programación', 'programacion', ' Historia  del arte ', 'HISTORIA DEL ARTE'])]).toEqual([
      ['programacion', 'Programación'],
      ['historia del arte', 'Historia del arte'],
    ]);
  });

  it('ignores blank topics', () => {
    expect(topicsOf(['', '   ']).size).toBe(0);
  });
});
