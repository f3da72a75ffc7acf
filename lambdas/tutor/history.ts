import type { TutorTurn } from '../contract';

// The conversation kept per learner and course. Bounded twice: the stored turns (the last
// MAX_TURNS, older ones folded into a one-paragraph summary) and, separately, what goes into a
// prompt (the last PROMPT_TURNS, each trimmed), so a long conversation never grows the prompt.

export const MAX_TURNS = 20;
export const PROMPT_TURNS = 8;
export const PROMPT_TURN_CHARS = 800;
export const SUMMARY_CHARS = 600;

export interface Conversation {
  turnos: TutorTurn[];
  /** What earlier, dropped turns were about (the learner's questions), newest last. */
  resumen?: string;
  /** Optimistic-lock counter: two tabs writing at once never lose a turn. */
  version: number;
  /** Turns ever appended to the stored conversation (each turn is an item: conversation-store.ts). */
  seq?: number;
  /** Turns appended since it was read: the ones a save writes. */
  added?: number;
  /** Read from a conversation stored whole (before turns were items): its next save writes every turn. */
  legacy?: boolean;
}

export const emptyConversation = (): Conversation => ({ turnos: [], version: 0 });

const oneLine = (s: string, max: number) => {
  const flat = s.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

/** Adds turns and keeps the bound: turns that fall off leave the learner's questions in the summary. */
export function appendTurns(conv: Conversation, added: TutorTurn[]): Conversation {
  const all = [...conv.turnos, ...added];
  const dropped = all.slice(0, Math.max(0, all.length - MAX_TURNS));
  let resumen = conv.resumen;
  const asked = dropped.filter((t) => t.rol === 'alumno').map((t) => oneLine(t.texto, 120));
  if (asked.length) {
    const previous = resumen ? resumen.replace(/^Antes el alumno preguntó: /, '') : '';
    const joined = [previous, ...asked].filter(Boolean).join(' · ');
    // Keep the most recent topics when the summary itself would grow too long.
    resumen = `Antes el alumno preguntó: ${joined.length > SUMMARY_CHARS ? `…${joined.slice(-SUMMARY_CHARS)}` : joined}`;
  }
  const stored = { ...(conv.seq !== undefined && { seq: conv.seq }), added: (conv.added ?? 0) + added.length, ...(conv.legacy && { legacy: true }) };
  return { turnos: all.slice(-MAX_TURNS), ...(resumen && { resumen }), version: conv.version, ...stored };
}

/** The recent turns as the prompt sees them: few, each trimmed. */
export const promptHistory = (conv: Conversation) =>
  conv.turnos.slice(-PROMPT_TURNS).map((t) => ({ rol: t.rol, texto: oneLine(t.texto, PROMPT_TURN_CHARS) }));
