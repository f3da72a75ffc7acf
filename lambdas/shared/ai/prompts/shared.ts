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
