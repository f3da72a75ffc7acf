import type { VerifierOutput } from './schemas';

// The blind verifier answers in plain text, one line per question, instead of a forced tool call
// (issue 33 item 6): the cheaper cross-family models on Bedrock (OpenAI gpt-oss) have no documented
// forced tool choice, and a line costs a fraction of a tool call's JSON in output tokens. The line
// carries exactly the fields of the tool's answer (schemas.ts verifierOutput), which the parse turns
// back into, so the verdict is validated by the same schema and judged by the same code (verifier.ts).

type Verdict = VerifierOutput['veredictos'][number];

/** How the prompt asks for the answer; the local Bedrock (infra/local) recognises a verifier request by it. */
export const VERDICT_FORMAT_HEADER = 'Formato de la respuesta, sin nada más: una línea por pregunta, así:';
export const VERDICT_FORMAT =
  `${VERDICT_FORMAT_HEADER}\n` +
  'indice | respuesta | opcionesDefendibles | enunciadoDelata | valida | motivo\n' +
  'Ejemplos:\n' +
  '0 | B | B | no | sí | Solo B sostiene la frase de la lección.\n' +
  '1 | A | A,C | no | no | A y C son defendibles.\n' +
  '"opcionesDefendibles" son letras separadas por comas, o "-" si ninguna; "enunciadoDelata" y "valida" son "sí" o "no".';

const yes = (s: string) => /^s[ií]$/i.test(s.trim());
const LINE = /^\s*(?:P(?:regunta)?\s*)?(\d{1,2})\s*\|\s*([ABCD])\s*\|\s*([ABCD](?:\s*[, ]\s*[ABCD])*|-|ninguna)\s*\|\s*(s[ií]|no)\s*\|\s*(s[ií]|no)\s*\|\s*(.*?)\s*$/i;

/** One verdict as its line (the local Bedrock's offline verifier writes them so). */
export const verdictLine = (v: Omit<Verdict, 'respuesta' | 'opcionesDefendibles'> & { respuesta: string; opcionesDefendibles: string[] }) =>
  `${v.indice} | ${v.respuesta} | ${v.opcionesDefendibles.join(',') || '-'} | ${v.enunciadoDelata ? 'sí' : 'no'} | ${v.valida ? 'sí' : 'no'} | ${v.motivo.replace(/\s+/g, ' ')}`;

/**
 * The verdicts of a text answer. Lines that are not verdicts (a preamble, a blank line) are skipped;
 * a question without a line is refused by verifier.ts as unevaluated. No verdict line at all is not
 * an answer: undefined, which fails the schema and earns the call its one repair turn.
 */
export function parseVerdictLines(text: string): VerifierOutput | undefined {
  const veredictos: Verdict[] = [];
  for (const line of text.split(/\r?\n/)) {
    const m = LINE.exec(line.replace(/[*`]/g, ''));
    if (!m) continue;
    const defensible = /^(-|ninguna)$/i.test(m[3]) ? [] : (m[3].toUpperCase().match(/[ABCD]/g) as Verdict['respuesta'][]);
    veredictos.push({
      indice: Number(m[1]),
      respuesta: m[2].toUpperCase() as Verdict['respuesta'],
      opcionesDefendibles: defensible,
      enunciadoDelata: yes(m[4]),
      valida: yes(m[5]),
      motivo: m[6] || '(sin motivo)',
    });
  }
  return veredictos.length ? { veredictos } : undefined;
}
