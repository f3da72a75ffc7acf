import { franc as francMin } from 'franc-min';
import { franc } from '../../infra/aws/lambda-franc';

// The Lambdas bundle infra/aws/lambda-franc.ts in place of franc-min (a subset of its models):
// for the languages lambdas/shared/ai/text-checks.ts compares, it must answer exactly as franc-min.

const only = ['spa', 'eng', 'por', 'fra', 'ita', 'cat', 'deu'];
const texts = [
  'Una variable guarda un valor que el programa puede leer y cambiar mientras se ejecuta.',
  'A variable stores a value that the program can read and change while it runs.',
  'Uma variável guarda um valor que o programa pode ler e alterar enquanto é executado.',
  'Une variable conserve une valeur que le programme peut lire et modifier pendant son exécution.',
  'Una variabile conserva un valore che il programma può leggere e cambiare durante l’esecuzione.',
  'Eine Variable speichert einen Wert, den das Programm lesen und ändern kann, während es läuft.',
  'Una variable desa un valor que el programa pot llegir i canviar mentre s’executa.',
  'Переменная хранит значение, которое программа может читать и изменять.',
  '12345 67890 12345',
  'corto',
];

describe('the bundled language detector', () => {
  it.each(texts)('answers as franc-min for %s', (text) => {
    expect(franc(text, { only, minLength: 10 })).toBe(francMin(text, { only, minLength: 10 }));
  });

  it('refuses a language franc-min knows but the bundled subset lacks, rather than answer otherwise', () => {
    expect(() => franc('Dit is een zin in het Nederlands, lang genoeg.', { only: ['spa', 'pol'] })).toThrow(/pol/);
  });
});
