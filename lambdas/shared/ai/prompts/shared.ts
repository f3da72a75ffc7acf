/** The voice every prompt shares. */
export const TUTOR_SYSTEM =
  'Eres un diseñador instruccional experto que escribe en español neutro, claro y riguroso. ' +
  'Adaptas la profundidad al nivel indicado (principiante, intermedio o avanzado), usas ejemplos concretos ' +
  'y nunca inventas datos que no puedas justificar. Respondes siempre llamando a la herramienta indicada.';

/** What each level means for whoever writes for it (lessons, evaluations, the tutor). */
export const LEVEL_MEANING: Record<string, string> = {
  principiante:
    'principiante: no sabe nada del tema. Define cada término la primera vez que aparece, usa analogías de la vida ' +
    'diaria, avanza en pasos pequeños y no des nada por sabido.',
  intermedio:
    'intermedio: conoce lo básico y el vocabulario esencial. Repasa solo lo imprescindible, céntrate en el porqué, ' +
    'en combinar ideas y en casos realistas con sus matices.',
  avanzado:
    'avanzado: domina los fundamentos. Ve directo a los detalles finos, las compensaciones entre alternativas, los ' +
    'casos límite y el rendimiento o la calidad en situaciones reales; nada de explicaciones introductorias.',
};

/** Target length of a lesson's text per level, in words (the model's guide; the checks do not enforce it). */
export const LESSON_WORDS: Record<string, [number, number]> = { principiante: [700, 1000], intermedio: [900, 1300], avanzado: [1000, 1500] };

/** Issue 33: how each form of address reads, for the lesson and tutor prompts ("alumno.tratamiento"). */
const ADDRESS_RULE: Record<string, string> = {
  tu: 'Dirígete al alumno de tú (tienes, puedes, fíjate) en todo el texto, nunca de usted ni de vos.',
  usted: 'Dirígete al alumno de usted (tiene, puede, fíjese) en todo el texto, nunca de tú ni de vos.',
  vos: 'Dirígete al alumno de vos (tenés, podés, fijate) en todo el texto, nunca de tú ni de usted.',
};

/**
 * The learner's form of address and country as an instruction. Only fixed text: the address is one of
 * three values and the country is named by reference to the fenced data, never pasted in.
 */
export function learnerRule(alumno: unknown): string {
  const a = (alumno ?? {}) as { tratamiento?: string; pais?: string };
  const address = ADDRESS_RULE[a.tratamiento ?? 'tu'] ?? ADDRESS_RULE.tu;
  const country = a.pais
    ? ' El alumno vive en el país de "alumno.pais": cuando el contenido dependa del país (números de emergencia, moneda y ' +
    'precios, leyes y trámites, notas escolares, medidas), usa los de ese país y su vocabulario habitual.'
    : ' No sabemos en qué país vive el alumno: cuando el contenido dependa del país (números de emergencia, moneda, leyes), ' +
      'dilo y da el dato de forma que sirva en cualquier país hispanohablante.';
  return address + country;
}
