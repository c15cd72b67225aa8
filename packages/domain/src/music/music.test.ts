import { describe, expect, it } from 'vitest';
import {
  envelopeGainAt,
  isMusicPath,
  MUSIC_INSTRUMENTS,
  MUSIC_MESSAGES,
  MUSIC_PADS,
  MUSIC_SILENT_GAIN,
  musicNameFromPath,
  musicVoice,
  type MusicVoice,
  toneFrequencyAt,
} from './music';

function tone(voice: MusicVoice) {
  if (voice.kind !== 'tone') throw new Error(`expected a tone, got ${voice.kind}`);
  return voice;
}

describe('the music pads', () => {
  it('are Sunbeam/Amber, Ocean/Azure, Ember/Crimson and Meadow/Jade at the frequencies of the spec, keys 1 to 4', () => {
    expect(MUSIC_PADS.map((pad) => [pad.name, pad.colour, pad.frequency, pad.key])).toEqual([
      ['Sunbeam', 'Amber', 261.63, '1'],
      ['Ocean', 'Azure', 329.63, '2'],
      ['Ember', 'Crimson', 392, '3'],
      ['Meadow', 'Jade', 493.88, '4'],
    ]);
  });

  it('offers Piano, Tabla and Trumpet', () => {
    expect(MUSIC_INSTRUMENTS.map((instrument) => instrument.label)).toEqual(['Piano', 'Tabla', 'Trumpet']);
  });

  it('play every instrument at the pad’s frequency', () => {
    for (const pad of MUSIC_PADS) {
      expect(tone(musicVoice('piano', pad.frequency)).frequency).toBe(pad.frequency);
      expect(tone(musicVoice('trumpet', pad.frequency)).frequency).toBe(pad.frequency);
      const ring = musicVoice('tabla', pad.frequency).filters.find((filter) => filter.type === 'peaking');
      expect(ring?.frequency).toBe(pad.frequency);
      expect(ring?.gain).toBeGreaterThan(0);
    }
  });
});

describe('the instruments’ voices', () => {
  it('piano: a sine that strikes within 10 ms and decays to silence over 1.1 s', () => {
    const piano = tone(musicVoice('piano', 261.63));
    expect(piano.waveform).toBe('sine');
    expect(piano.duration).toBe(1.1);
    expect(piano.vibrato).toBeNull();
    expect(piano.filters).toEqual([]);
    expect(envelopeGainAt(piano.envelope, 0)).toBe(0);
    expect(envelopeGainAt(piano.envelope, 0.01)).toBeGreaterThan(0.7);
    // A decay, not a cut: loud after a quarter, quieter after half, silent at the end.
    expect(envelopeGainAt(piano.envelope, 0.275)).toBeGreaterThan(envelopeGainAt(piano.envelope, 0.55));
    expect(envelopeGainAt(piano.envelope, 0.55)).toBeGreaterThan(0.005);
    expect(envelopeGainAt(piano.envelope, 1.1)).toBe(MUSIC_SILENT_GAIN);
    expect(envelopeGainAt(piano.envelope, 2)).toBe(MUSIC_SILENT_GAIN);
  });

  it('trumpet: a softened sawtooth held for 0.8 s with a 5 Hz vibrato of 20 cents', () => {
    const trumpet = tone(musicVoice('trumpet', 392));
    expect(trumpet.waveform).toBe('sawtooth');
    expect(trumpet.duration).toBe(0.8);
    expect(trumpet.vibrato?.rate).toBe(5);
    expect(trumpet.filters).toEqual([{ type: 'lowpass', frequency: 392 * 8, q: 0.7 }]);
    // Held, not decaying, through most of the note; silent at 0.8 s.
    expect(envelopeGainAt(trumpet.envelope, 0.4)).toBeGreaterThan(0.35);
    expect(envelopeGainAt(trumpet.envelope, 0.8)).toBe(MUSIC_SILENT_GAIN);
    // One wobble every 0.2 s: highest a quarter in, back at pitch half-way, lowest three quarters in.
    const cents = (hz: number) => 1200 * Math.log2(hz / 392);
    expect(cents(toneFrequencyAt(trumpet, 0.05))).toBeCloseTo(20, 6);
    expect(toneFrequencyAt(trumpet, 0.1)).toBeCloseTo(392, 6);
    expect(cents(toneFrequencyAt(trumpet, 0.15))).toBeCloseTo(-20, 0);
    expect(toneFrequencyAt(trumpet, 0.25)).toBeCloseTo(toneFrequencyAt(trumpet, 0.05), 6);
  });

  it('piano keeps its pitch steady', () => {
    const piano = tone(musicVoice('piano', 493.88));
    expect([0, 0.05, 0.5, 1].map((time) => toneFrequencyAt(piano, time))).toEqual([493.88, 493.88, 493.88, 493.88]);
  });

  it('tabla: a 0.25 s burst of noise, struck at once and gone by its end', () => {
    const tabla = musicVoice('tabla', 329.63);
    expect(tabla.kind).toBe('noise');
    expect(tabla.duration).toBe(0.25);
    expect(envelopeGainAt(tabla.envelope, 0.003)).toBe(0.9);
    expect(envelopeGainAt(tabla.envelope, 0.1)).toBeLessThan(0.1);
    expect(envelopeGainAt(tabla.envelope, 0.25)).toBe(MUSIC_SILENT_GAIN);
  });

  it('every envelope starts silent and ends silent at the voice’s duration, in time order', () => {
    for (const { id } of MUSIC_INSTRUMENTS) {
      const voice = musicVoice(id, 261.63);
      const times = voice.envelope.map((point) => point.time);
      expect(times, id).toEqual([...times].sort((a, b) => a - b));
      expect(times.at(-1), id).toBe(voice.duration);
      expect(envelopeGainAt(voice.envelope, 0), id).toBe(0);
      expect(voice.envelope.at(-1)?.gain, id).toBe(MUSIC_SILENT_GAIN);
    }
  });
});

describe('envelopeGainAt', () => {
  it('follows linear ramps in a straight line and exponential ramps by a constant ratio', () => {
    const envelope = [
      { time: 1, gain: 1, ramp: 'linear' },
      { time: 3, gain: 0.01, ramp: 'exponential' },
    ] as const;
    expect(envelopeGainAt(envelope, 0.25)).toBeCloseTo(0.25, 10);
    expect(envelopeGainAt(envelope, 2)).toBeCloseTo(0.1, 10);
  });

  it('stays at 0 along an exponential ramp that starts from 0, as Web Audio does', () => {
    expect(envelopeGainAt([{ time: 1, gain: 1, ramp: 'exponential' }], 0.5)).toBe(0);
  });
});

describe('the music page’s address', () => {
  it('is /{name}-music for a name of letters, digits and dashes', () => {
    for (const path of ['/ada-music', '/Ada-Lovelace-2-music', '/zoë-music', '/7-music', '/--music']) {
      expect(isMusicPath(path), path).toBe(true);
    }
  });

  it('is nothing else', () => {
    for (const path of [
      '/-music',
      '/music',
      '/ada-music/',
      '/a/ada-music',
      '/ada_music',
      '/ada-musics',
      '/a b-music',
      '/<b>x<%2Fb>-music',
      '/ada.js-music',
      '/ada-music?x',
    ]) {
      expect(isMusicPath(path), path).toBe(false);
    }
  });

  it('carries a name that is greeted with its first letter upper-cased and the rest as typed', () => {
    expect(musicNameFromPath('/ada-music')).toBe('Ada');
    expect(musicNameFromPath('/mary-jane-music')).toBe('Mary-jane');
    expect(musicNameFromPath('/DJ-ada-music')).toBe('DJ-ada');
    expect(musicNameFromPath('/%C3%A9lodie-music')).toBe('Élodie');
    expect(MUSIC_MESSAGES.ready(musicNameFromPath('/ada-music'))).toBe('Ready when you are, Ada!');
  });

  it('decodes a name with markup to the text it spells, and keeps one that does not decode', () => {
    expect(musicNameFromPath('/%3Cb%3Ex%3C%2Fb%3E-music')).toBe('<b>x</b>');
    expect(musicNameFromPath('/100%-music')).toBe('100%');
  });
});

describe('the music texts', () => {
  it('are the spec’s', () => {
    expect(MUSIC_MESSAGES.joins('Trumpet', 'Ember')).toBe('Trumpet joins the Ember melody!');
    expect(MUSIC_MESSAGES.hapticsUnavailable).toBe('Not available');
  });
});
