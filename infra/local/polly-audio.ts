import { spawn, spawnSync } from 'node:child_process';
import { setPriority } from 'node:os';

// Sound for the local Polly: Debian's espeak-ng speaks one sentence into a WAV (16-bit mono at its
// own 22,050 Hz), the samples are brought to the rate asked, and the whole is handed back as Polly
// does: raw 16-bit little-endian PCM, MP3 (LAME) or Ogg Vorbis (oggenc from vorbis-tools). No
// ffmpeg on these machines; lame and vorbis-tools are the smallest Debian packages that encode.

/** What a developer installs when synthesis cannot run (the README and .ci/run say the same). */
export const AUDIO_TOOLS_HINT = 'apt-get install -y espeak-ng lame vorbis-tools';

const TOOLS = { espeak: 'espeak-ng', mp3: 'lame', ogg: 'oggenc' } as const;

/** The tools missing on this machine (checked once per process). */
let missing: string[] | undefined;
export function missingAudioTools(): string[] {
  missing ??= Object.values(TOOLS).filter((cmd) => spawnSync(cmd, ['--version'], { stdio: 'ignore' }).error !== undefined);
  return missing;
}

export type AudioFormat = 'mp3' | 'ogg_vorbis' | 'pcm';

/**
 * The niceness of an asynchronous task's processes. On AWS, Polly's work runs on Polly's machines; here it
 * shares the cores with the stack's Lambdas, and a lesson's minutes of speech (four espeak-ng processes at a
 * time) takes the CPU from requests that must answer inside their function's timeout. A lower priority lets
 * them go first; SynthesizeSpeech, which a request waits for, keeps the normal one. It does not make a loaded
 * two-core machine fast: under a load of 12, narration starts still outlast their 10 s at times (500, the
 * metering test asks again and checks the count).
 */
const BACKGROUND_NICENESS = 10;

function run(cmd: string, args: string[], input: Buffer, background = false): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    if (background && child.pid !== undefined) {
      try {
        setPriority(child.pid, BACKGROUND_NICENESS);
      } catch {
        // Gone already, or not allowed here: it runs at the normal priority.
      }
    }
    const out: Buffer[] = [];
    let err = '';
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.once('error', reject);
    child.once('close', (code) => (code === 0 ? resolve(Buffer.concat(out)) : reject(new Error(`${cmd} exited ${code}: ${err.trim()}`))));
    child.stdin.on('error', () => undefined);
    child.stdin.end(input);
  });
}

/** One sentence spoken by espeak-ng, as samples at `rate` Hz. */
export async function speak(text: string, espeakVoice: string, rate: number, background = false): Promise<Int16Array> {
  // -b 1: the input is UTF-8 (accents, ñ, ¿); --stdout: a WAV on standard output.
  const wav = await run(TOOLS.espeak, ['-v', espeakVoice, '-b', '1', '--stdout'], Buffer.from(text, 'utf8'), background);
  const { samples, sampleRate } = readWav(wav);
  return resample(samples, sampleRate, rate);
}

/** Silence of `ms` at `rate` Hz. */
export const silence = (ms: number, rate: number) => new Int16Array(Math.round((ms * rate) / 1000));

/** A 16-bit mono WAV's samples; espeak-ng streams its WAV with placeholder sizes, so the data runs to the end. */
export function readWav(wav: Buffer): { samples: Int16Array; sampleRate: number } {
  if (wav.toString('ascii', 0, 4) !== 'RIFF' || wav.toString('ascii', 8, 12) !== 'WAVE') throw new Error('espeak-ng gave no WAV');
  let at = 12;
  let sampleRate = 22050;
  while (at + 8 <= wav.length) {
    const id = wav.toString('ascii', at, at + 4);
    const size = wav.readUInt32LE(at + 4);
    if (id === 'fmt ') sampleRate = wav.readUInt32LE(at + 12);
    if (id === 'data') {
      const data = wav.subarray(at + 8, Math.min(wav.length, at + 8 + size));
      const samples = new Int16Array(data.length >> 1);
      for (let i = 0; i < samples.length; i++) samples[i] = data.readInt16LE(i * 2);
      return { samples, sampleRate };
    }
    at += 8 + size + (size & 1);
  }
  throw new Error('espeak-ng gave a WAV without data');
}

/** Linear interpolation: plenty for speech checked by ear and by length. */
export function resample(samples: Int16Array, from: number, to: number): Int16Array {
  if (from === to) return samples;
  const out = new Int16Array(Math.floor((samples.length * to) / from));
  for (let i = 0; i < out.length; i++) {
    const x = (i * from) / to;
    const j = Math.floor(x);
    const a = samples[j] ?? 0;
    const b = samples[j + 1] ?? a;
    out[i] = Math.round(a + (b - a) * (x - j));
  }
  return out;
}

const pcmBytes = (samples: Int16Array) => {
  const buf = Buffer.alloc(samples.length * 2);
  samples.forEach((s, i) => buf.writeInt16LE(s, i * 2));
  return buf;
};

/** The samples in the format asked: Polly's pcm is headerless signed 16-bit little-endian mono. */
export function encode(samples: Int16Array, rate: number, format: AudioFormat, background = false): Promise<Buffer> {
  const pcm = pcmBytes(samples);
  if (format === 'pcm') return Promise.resolve(pcm);
  if (format === 'mp3') return run(TOOLS.mp3, ['-r', '-s', String(rate / 1000), '--bitwidth', '16', '--signed', '--little-endian', '-m', 'm', '-b', '48', '--quiet', '-', '-'], pcm, background);
  return run(TOOLS.ogg, ['--raw', '--raw-bits=16', '--raw-chan=1', `--raw-rate=${rate}`, '--raw-endianness', '0', '-q', '2', '-Q', '-o', '-', '-'], pcm, background);
}
