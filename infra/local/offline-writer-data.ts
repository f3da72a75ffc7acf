// What every part of the offline writer reads from a request: the tool input as a plain record, and its
// topic and level with the defaults a demonstration course uses. Its own file, below offline-writer.ts
// and each offline-writer-*.ts, so the parts import it and never the writer that imports them.

export type Data = Record<string, unknown>;
const text = (v: unknown, fallback: string) => (typeof v === 'string' && v.trim() ? v.trim() : fallback);
export const topicOf = (d: Data) => text(d.topic, 'el tema elegido');
export const levelOf = (d: Data) => text(d.level ?? d.nivel, 'principiante');
