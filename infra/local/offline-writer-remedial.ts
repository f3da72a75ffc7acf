import type { Data } from './offline-writer-data';

// The offline writer's Refuerzo guiado (issue 32 item 4): deterministic and sensible, built from the
// request's own data (the weak objectives, the misconceptions of the options the learner chose and
// the text of the lessons that teach each one), so the corrective loop works with no model. The
// right option is always written first: the server shuffles the options (crypto.randomInt).

interface Objective {
  id: string;
  enunciado: string;
  ideasEquivocadas: string[];
  lecciones: { titulo: string; texto: string }[];
}

const str = (v: unknown, fallback = '') => (typeof v === 'string' && v.trim() ? v.trim() : fallback);
const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1).replace(/\s+\S*$/, '')}…`);
const lower = (text: string) => text.charAt(0).toLocaleLowerCase('es') + text.slice(1);

const objectivesOf = (d: Data): Objective[] =>
  (Array.isArray(d.objetivos) ? d.objetivos : []).map((o: Record<string, unknown>) => ({
    id: str(o.id, 'o1'),
    enunciado: str(o.enunciado, 'Comprender la idea central del módulo'),
    ideasEquivocadas: (Array.isArray(o.ideasEquivocadas) ? o.ideasEquivocadas : []).map((c) => str(c)).filter(Boolean),
    lecciones: (Array.isArray(o.lecciones) ? o.lecciones : []).map((l: Record<string, unknown>) => ({ titulo: str(l.titulo, 'la lección'), texto: str(l.texto) })),
  }));

/** The lessons' plain sentences of a useful length (no heading, list, table or quote), in order. */
function keySentences(o: Objective): string[] {
  const out: string[] = [];
  for (const l of o.lecciones) {
    for (const para of l.texto.split(/\n{2,}/)) {
      const line = para.trim();
      if (!line || /^([#>|*-]|\d+[.)])/.test(line)) continue;
      out.push(...line.replace(/\*\*|__|`/g, '').split(/(?<=[.!?])\s+/).filter((s) => s.length >= 40 && s.length <= 190));
    }
  }
  return out;
}
const keySentence = (o: Objective, round = 0): string | undefined => {
  const all = keySentences(o);
  return all[round % Math.max(1, all.length)];
};

const FILLERS = [
  'Es un detalle secundario que puede dejarse para el final sin que cambie el resultado.',
  'Basta con memorizar su definición; aplicarla a un caso no cambia nada.',
  'Solo importa en casos excepcionales, casi nunca en el trabajo de cada día.',
];

/** Item `round` on objective `o`: a second item on the same objective rests on another sentence and asks otherwise. */
function item(o: Objective, tema: string, round: number) {
  const right = clip(keySentence(o, round) ?? `Es lo que pide «${o.enunciado}» en un caso concreto de ${tema}.`, 200);
  const pool = [...o.ideasEquivocadas, ...FILLERS];
  const wrong = [...pool.slice(round % pool.length), ...pool.slice(0, round % pool.length)]
    .map((t) => clip(t, 200))
    .filter((t, i, all) => t.toLocaleLowerCase('es') !== right.toLocaleLowerCase('es') && all.findIndex((u) => u.toLocaleLowerCase('es') === t.toLocaleLowerCase('es')) === i)
    .slice(0, 3);
  return {
    objetivoId: o.id,
    enunciado: clip(
      round === 0
        ? `Piensa en este objetivo: «${o.enunciado}». ¿Qué afirmación es correcta según la lección?`
        : `Aplícalo a un caso real de ${tema} («${o.enunciado}»): ¿cuál de estas afirmaciones se sostiene?`,
      400,
    ),
    opciones: [
      { texto: right, correcta: true, explicacion: `Correcto: es lo que explica la lección «${o.lecciones[0]?.titulo ?? 'del módulo'}».` },
      ...wrong.map((texto) => ({ texto, correcta: false, explicacion: clip(`No es así: esta idea confunde el objetivo. Vuelve a la explicación del refuerzo, donde se dice por qué «${clip(texto, 80)}» no se sostiene.`, 400) })),
    ],
  };
}

export function offlineRemedial(d: Data) {
  const curso = (d.curso ?? {}) as Record<string, unknown>;
  const tema = str(curso.tema, 'el tema del curso');
  const modulo = str(d.modulo, 'este módulo');
  const objetivos = objectivesOf(d);
  const first = objetivos[0] ?? { id: 'o1', enunciado: `Comprender ${modulo}`, ideasEquivocadas: [], lecciones: [] };
  const n = Math.min(3, Math.max(2, Number(d.ejercicios) || 2));
  const explicacion = objetivos
    .map((o) => {
      const key = keySentence(o);
      const ideas = o.ideasEquivocadas.map((c) => `«${c.replace(/[.\s]+$/, '')}»`);
      const myths = ideas.length
        ? [`Tus respuestas apuntan a ${ideas.length === 1 ? 'esta idea' : 'estas ideas'}: ${ideas.join('; ')}. ${ideas.length === 1 ? 'No se sostiene' : 'No se sostienen'}: ${key ? lower(key) : `la lección muestra otra cosa cuando se aplica a un caso real de ${tema}.`}`]
        : [];
      return [
        `**${o.enunciado}.** Míralo desde otro ángulo: en lugar de recordar la definición, pregúntate qué problema resuelve en ${tema} y qué fallaría sin ello.`,
        ...myths,
        key && !myths.length ? `La clave está en esta frase de la lección: «${key}»` : '',
      ].filter(Boolean).join(' ');
    })
    .join('\n\n');
  const key = keySentence(first);
  return {
    titulo: clip(`Refuerzo: ${first.enunciado}`, 120),
    explicacion: clip(explicacion.length >= 150 ? explicacion : `${explicacion}\n\nVuelve a leer la lección con esta pregunta en mente: ¿qué cambiaría en un caso real de ${tema} si no lo aplicaras bien?`, 2500),
    ejemplo: {
      enunciado: clip(`Caso: en un proyecto de ${tema}, pon en práctica este objetivo: «${first.enunciado}». Resuélvelo paso a paso.`, 600),
      pasos: [
        { texto: 'Identifica qué te pide el caso y qué datos tienes.', solucion: `Lo que pide el objetivo, «${first.enunciado}», con los datos del proyecto descrito.` },
        { texto: 'Recuerda la idea de la lección que se aplica aquí.', solucion: key ?? `La idea central de «${first.lecciones[0]?.titulo ?? modulo}».` },
        { texto: 'Aplica esa idea al caso concreto.', solucion: 'Sigue la idea paso a paso con los datos del caso, sin saltarte ninguno.' },
        { texto: 'Comprueba el resultado frente a los errores frecuentes.', solucion: first.ideasEquivocadas[0] ? `Asegúrate de no haber caído en «${first.ideasEquivocadas[0]}».` : 'Revisa que el resultado responde a lo que pedía el caso.' },
      ],
    },
    // Issue 32 item 5: the open question's rubric is the lesson's own sentence, so the offline grader
    // (offline-writer-grading.ts, the rubric's key terms) finds a learner who says it in other words right.
    abierta: {
      objetivoId: first.id,
      enunciado: clip(`Explica con tus palabras: «${first.enunciado}». ¿Qué significa y por qué importa en ${tema}?`, 400),
      rubrica: clip(key ?? `Una respuesta completa explica «${first.enunciado}» con un caso de ${tema}.`, 800),
    },
    practica: Array.from({ length: n }, (_, i) => item(objetivos.length ? objetivos[i % objetivos.length] : first, tema, Math.floor(i / Math.max(1, objetivos.length)))),
  };
}
