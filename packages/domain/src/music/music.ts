/**
 * The public music toy at /{name}-music (decision 020): its pads,
 * instruments, timings and texts, and each instrument's synth voice as data, so the page only wires a voice to
 * the Web Audio API and everything that could be wrong about a sound can be tested here.
 */

export const MUSIC_PATH_SUFFIX = '-music';

/** A name in the address is letters, digits and dashes; anything else is not the music page's address. */
const MUSIC_PATH = /^\/[\p{L}\p{M}\p{Nd}-]+-music$/u;

/** Whether a (percent-decoded) path is a music page's address, /{name}-music. */
export function isMusicPath(path: string): boolean {
  return MUSIC_PATH.test(path);
}

/**
 * The name a music page's address carries, as the browser reports it (percent-encoded), decoded and with its
 * first letter upper-cased: /ada-music greets "Ada". Shown as text only, so a name the server would never route
 * here (one with markup, say) is shown as typed rather than refused.
 */
export function musicNameFromPath(pathname: string): string {
  const segment = pathname.slice(pathname.lastIndexOf('/') + 1);
  const encoded = segment.endsWith(MUSIC_PATH_SUFFIX) ? segment.slice(0, -MUSIC_PATH_SUFFIX.length) : segment;
  let name: string;
  try {
    name = decodeURIComponent(encoded);
  } catch {
    name = encoded;
  }
  const first = name.codePointAt(0);
  if (first === undefined) return name;
  const firstChar = String.fromCodePoint(first);
  return firstChar.toLocaleUpperCase('en') + name.slice(firstChar.length);
}

/** The pads in order, each played by its number key too. */
export const MUSIC_PADS = [
  { id: 'sunbeam', name: 'Sunbeam', colour: 'Amber', frequency: 261.63, key: '1' },
  { id: 'ocean', name: 'Ocean', colour: 'Azure', frequency: 329.63, key: '2' },
  { id: 'ember', name: 'Ember', colour: 'Crimson', frequency: 392, key: '3' },
  { id: 'meadow', name: 'Meadow', colour: 'Jade', frequency: 493.88, key: '4' },
] as const;
export type MusicPad = (typeof MUSIC_PADS)[number];
export type MusicPadId = MusicPad['id'];

export const MUSIC_INSTRUMENTS = [
  { id: 'piano', label: 'Piano' },
  { id: 'tabla', label: 'Tabla' },
  { id: 'trumpet', label: 'Trumpet' },
] as const;
export type MusicInstrument = (typeof MUSIC_INSTRUMENTS)[number];
export type MusicInstrumentId = MusicInstrument['id'];

/** Timings. */
export const MUSIC_VIBRATION_MS = 40;
export const MUSIC_NOTE_LIFETIME_MS = 1200;

/** The spec's instrument parameters; the rest of each voice (attack, levels, filters) is this module's choice. */
export const MUSIC_PIANO = { waveform: 'sine', decaySeconds: 1.1 } as const;
export const MUSIC_TABLA = { noiseSeconds: 0.25 } as const;
export const MUSIC_TRUMPET = { waveform: 'sawtooth', durationSeconds: 0.8, vibratoHz: 5 } as const;

/** How far the trumpet's pitch swings either side of the note: 20 cents. */
const TRUMPET_VIBRATO_CENTS = 20;
/** Exponential ramps cannot reach 0; this is silence for the ear. */
export const MUSIC_SILENT_GAIN = 0.0001;

export const MUSIC_MESSAGES = {
  title: 'Tap Pads',
  ready: (name: string) => `Ready when you are, ${name}!`,
  joins: (instrument: string, pad: string) => `${instrument} joins the ${pad} melody!`,
  hint: 'Tap a pad to play it. Hold several at once for a chord.',
  keysHint: 'Keys 1–4 play the pads.',
  pads: 'Pads',
  instrument: 'Instrument',
  haptics: 'Haptics',
  hapticsOn: 'On',
  hapticsOff: 'Off',
  hapticsUnavailable: 'Not available',
  audioUnavailable: 'Sound is not available in this browser; the pads still light up.',
  pageTitle: (name: string) => `Tap Pads · ${name}`,
} as const;

/** A point the gain moves to, reached at `time` seconds after the note starts, along a straight or exponential ramp. */
export type EnvelopePoint = { time: number; gain: number; ramp: 'linear' | 'exponential' };

/** A biquad filter a voice's sound passes through, in order. */
export type MusicFilter = { type: 'lowpass' | 'peaking'; frequency: number; q: number; gain?: number };

export type MusicVoice =
  | {
      kind: 'tone';
      waveform: 'sine' | 'sawtooth';
      frequency: number;
      /** Seconds until the oscillator stops; the envelope reaches silence then. */
      duration: number;
      /** Starts at gain 0 at time 0. */
      envelope: readonly EnvelopePoint[];
      /** A sine wobble of the pitch, `depth` Hz either side, `rate` times a second. */
      vibrato: { rate: number; depth: number } | null;
      filters: readonly MusicFilter[];
    }
  | {
      kind: 'noise';
      duration: number;
      envelope: readonly EnvelopePoint[];
      filters: readonly MusicFilter[];
    };

/** The synth voice of an instrument playing a pad's frequency. */
export function musicVoice(instrument: MusicInstrumentId, frequency: number): MusicVoice {
  switch (instrument) {
    case 'piano':
      return {
        kind: 'tone',
        waveform: MUSIC_PIANO.waveform,
        frequency,
        duration: MUSIC_PIANO.decaySeconds,
        envelope: [
          { time: 0.005, gain: 0.8, ramp: 'linear' },
          { time: MUSIC_PIANO.decaySeconds, gain: MUSIC_SILENT_GAIN, ramp: 'exponential' },
        ],
        vibrato: null,
        filters: [],
      };
    case 'trumpet':
      return {
        kind: 'tone',
        waveform: MUSIC_TRUMPET.waveform,
        frequency,
        duration: MUSIC_TRUMPET.durationSeconds,
        envelope: [
          { time: 0.04, gain: 0.45, ramp: 'linear' },
          { time: MUSIC_TRUMPET.durationSeconds - 0.12, gain: 0.35, ramp: 'linear' },
          { time: MUSIC_TRUMPET.durationSeconds, gain: MUSIC_SILENT_GAIN, ramp: 'exponential' },
        ],
        vibrato: { rate: MUSIC_TRUMPET.vibratoHz, depth: frequency * (2 ** (TRUMPET_VIBRATO_CENTS / 1200) - 1) },
        // A bare sawtooth buzzes; above the 8th harmonic it is cut, closer to a brass bell.
        filters: [{ type: 'lowpass', frequency: frequency * 8, q: 0.7 }],
      };
    case 'tabla':
      return {
        kind: 'noise',
        duration: MUSIC_TABLA.noiseSeconds,
        envelope: [
          { time: 0.003, gain: 0.9, ramp: 'linear' },
          { time: MUSIC_TABLA.noiseSeconds, gain: MUSIC_SILENT_GAIN, ramp: 'exponential' },
        ],
        // Hiss cut above the 4th harmonic and a ring at the pad's own note, so each pad's drum has its pitch.
        filters: [
          { type: 'lowpass', frequency: frequency * 4, q: 0.7 },
          { type: 'peaking', frequency, q: 3, gain: 15 },
        ],
      };
  }
}

/** The envelope's gain `time` seconds into the note, as the Web Audio API's ramps compute it. */
export function envelopeGainAt(envelope: readonly EnvelopePoint[], time: number): number {
  let from = { time: 0, gain: 0 };
  for (const point of envelope) {
    if (time < point.time) {
      const progress = (time - from.time) / (point.time - from.time);
      if (point.ramp === 'linear') return from.gain + (point.gain - from.gain) * progress;
      // An exponential ramp from 0 stays at 0 until its end time.
      return from.gain === 0 ? 0 : from.gain * (point.gain / from.gain) ** progress;
    }
    from = point;
  }
  return from.gain;
}

/** The pitch of a tone `time` seconds into the note, with its vibrato. */
export function toneFrequencyAt(voice: Extract<MusicVoice, { kind: 'tone' }>, time: number): number {
  if (!voice.vibrato) return voice.frequency;
  return voice.frequency + voice.vibrato.depth * Math.sin(2 * Math.PI * voice.vibrato.rate * time);
}
