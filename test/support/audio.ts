// What an audio file really is, read from its bytes (tests of the local Polly and of narration): MP3
// by walking its MPEG Layer III frames, Ogg Vorbis by its pages (identification header, last granule),
// WAV by its chunks, Polly's headerless pcm by its length. Duration in milliseconds.

export interface AudioInfo { format: 'mp3' | 'ogg_vorbis' | 'wav'; sampleRate: number; durationMs: number; frames?: number }

const MP3_BITRATES = {
  v1: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  v2: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};
const MP3_RATES: Record<number, number[]> = { 3: [44100, 48000, 32000], 2: [22050, 24000, 16000], 0: [11025, 12000, 8000] };

/** Every frame of an MP3 stream, back to back from the first byte (an ID3 tag skipped); throws on anything else. */
export function mp3Info(buf: Uint8Array): AudioInfo {
  const b = Buffer.from(buf);
  let at = b.toString('latin1', 0, 3) === 'ID3' ? 10 + ((b[6] << 21) | (b[7] << 14) | (b[8] << 7) | b[9]) : 0;
  let frames = 0;
  let samples = 0;
  let sampleRate = 0;
  while (at + 4 <= b.length) {
    if (b[at] !== 0xff || (b[at + 1] & 0xe0) !== 0xe0) throw new Error(`no MPEG frame at byte ${at}`);
    const version = (b[at + 1] >> 3) & 3;
    const layer = (b[at + 1] >> 1) & 3;
    const bitrate = (version === 3 ? MP3_BITRATES.v1 : MP3_BITRATES.v2)[b[at + 2] >> 4];
    const rate = MP3_RATES[version]?.[(b[at + 2] >> 2) & 3];
    if (layer !== 1 || !bitrate || !rate) throw new Error(`not an MPEG Layer III frame at byte ${at}`);
    const padding = (b[at + 2] >> 1) & 1;
    const length = Math.floor(((version === 3 ? 144 : 72) * bitrate * 1000) / rate) + padding;
    sampleRate = rate;
    samples += version === 3 ? 1152 : 576;
    frames += 1;
    at += length;
  }
  if (!frames) throw new Error('no MPEG frames');
  return { format: 'mp3', sampleRate, frames, durationMs: (samples * 1000) / sampleRate };
}

/** An Ogg Vorbis stream: 'OggS' pages, a Vorbis identification header, the last page's granule position. */
export function oggInfo(buf: Uint8Array): AudioInfo {
  const b = Buffer.from(buf);
  let at = 0;
  let sampleRate = 0;
  let granule = 0n;
  let pages = 0;
  while (at < b.length) {
    if (b.toString('latin1', at, at + 4) !== 'OggS') throw new Error(`no Ogg page at byte ${at}`);
    const segments = b[at + 26];
    let size = 0;
    for (let i = 0; i < segments; i++) size += b[at + 27 + i];
    const data = at + 27 + segments;
    if (pages === 0) {
      if (b[data] !== 1 || b.toString('latin1', data + 1, data + 7) !== 'vorbis') throw new Error('not Vorbis');
      sampleRate = b.readUInt32LE(data + 12);
    }
    const g = b.readBigInt64LE(at + 6);
    if (g > granule) granule = g;
    pages += 1;
    at = data + size;
  }
  return { format: 'ogg_vorbis', sampleRate, frames: pages, durationMs: (Number(granule) * 1000) / sampleRate };
}

/** Headerless signed 16-bit mono at a known rate (Polly's pcm). */
export const pcmDurationMs = (buf: Uint8Array, sampleRate: number) => ((buf.length / 2) * 1000) / sampleRate;

/** Polly's speech marks: newline-delimited JSON objects. */
export interface SpeechMark { time: number; type: string; start: number; end: number; value: string }
export const parseMarks = (text: string): SpeechMark[] => text.split('\n').filter(Boolean).map((line) => JSON.parse(line) as SpeechMark);
