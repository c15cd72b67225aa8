import { type MusicInstrumentId, type MusicVoice, musicVoice } from '@liveops/domain/music';

export type Synth = {
  /** Plays an instrument's note now; silently nothing when audio is not available. */
  play: (instrument: MusicInstrumentId, frequency: number) => void;
};

type AudioContextConstructor = new () => AudioContext;

/** Several pads at once stay under full scale: each voice at this level, then a compressor. */
const MASTER_GAIN = 0.5;

/** The page's AudioContext constructor, if the browser has one (older Safari names it webkitAudioContext). */
function audioContextConstructor(): AudioContextConstructor | undefined {
  const scope = window as { AudioContext?: AudioContextConstructor; webkitAudioContext?: AudioContextConstructor };
  return scope.AudioContext ?? scope.webkitAudioContext;
}

/**
 * The instruments through the Web Audio API. The AudioContext is made on the first note, inside the tap or key
 * press that asked for it (browsers start audio only from one), and resumed on later gestures if it was made
 * suspended. No AudioContext, or one that cannot be made, is logged once and reported through onUnavailable
 * (never before this returns); a context that fails to resume is logged and tried again on the next note.
 */
export function createSynth({ onUnavailable }: { onUnavailable: () => void }): Synth {
  const audioContext = audioContextConstructor();
  let context: AudioContext | null = null;
  let output: AudioNode | null = null;
  let unavailable = false;
  let noise: AudioBuffer | null = null;

  const giveUp = (reason: string, error?: unknown) => {
    unavailable = true;
    console.warn(`Music: audio is not available (${reason}); the pads play without sound.`, error ?? '');
    onUnavailable();
  };

  const resume = (audio: AudioContext) => {
    if (audio.state !== 'suspended') return;
    audio.resume().catch((error: unknown) => {
      console.warn('Music: the audio could not start; the next tap tries again.', error);
    });
  };

  const start = (): AudioContext | null => {
    if (unavailable) return null;
    if (context) {
      resume(context);
      return context;
    }
    if (!audioContext) {
      giveUp('this browser has no AudioContext');
      return null;
    }
    try {
      context = new audioContext();
      const level = context.createGain();
      level.gain.value = MASTER_GAIN;
      const limiter = context.createDynamicsCompressor();
      level.connect(limiter).connect(context.destination);
      output = level;
    } catch (error) {
      context = null;
      giveUp('the AudioContext could not be created', error);
      return null;
    }
    // A touch's pointerdown does not let audio start; its pointerup, a key or a click does.
    for (const type of ['pointerup', 'keydown', 'touchend', 'click']) {
      document.addEventListener(type, () => context && resume(context), { capture: true, passive: true });
    }
    resume(context);
    return context;
  };

  const noiseBuffer = (audio: AudioContext, seconds: number): AudioBuffer => {
    if (noise && noise.duration >= seconds) return noise;
    const buffer = audio.createBuffer(1, Math.ceil(audio.sampleRate * seconds), audio.sampleRate);
    const samples = buffer.getChannelData(0);
    for (let i = 0; i < samples.length; i += 1) samples[i] = Math.random() * 2 - 1;
    noise = buffer;
    return buffer;
  };

  const schedule = (audio: AudioContext, destination: AudioNode, voice: MusicVoice) => {
    const now = audio.currentTime;
    const envelope = audio.createGain();
    envelope.gain.setValueAtTime(0, now);
    for (const point of voice.envelope) {
      if (point.ramp === 'linear') envelope.gain.linearRampToValueAtTime(point.gain, now + point.time);
      else envelope.gain.exponentialRampToValueAtTime(point.gain, now + point.time);
    }
    const filters = voice.filters.map((spec) => {
      const filter = audio.createBiquadFilter();
      filter.type = spec.type;
      filter.frequency.value = spec.frequency;
      filter.Q.value = spec.q;
      if (spec.gain !== undefined) filter.gain.value = spec.gain;
      return filter;
    });
    // source → filters in order → envelope → destination
    let input: AudioNode = envelope;
    for (const filter of [...filters].reverse()) {
      filter.connect(input);
      input = filter;
    }
    envelope.connect(destination);

    const end = now + voice.duration;
    const sources: AudioScheduledSourceNode[] = [];
    let source: AudioScheduledSourceNode;
    if (voice.kind === 'tone') {
      const oscillator = audio.createOscillator();
      oscillator.type = voice.waveform;
      oscillator.frequency.setValueAtTime(voice.frequency, now);
      if (voice.vibrato) {
        const wobble = audio.createOscillator();
        wobble.frequency.value = voice.vibrato.rate;
        const depth = audio.createGain();
        depth.gain.value = voice.vibrato.depth;
        wobble.connect(depth).connect(oscillator.frequency);
        sources.push(wobble);
      }
      source = oscillator;
    } else {
      const buffer = audio.createBufferSource();
      buffer.buffer = noiseBuffer(audio, voice.duration);
      source = buffer;
    }
    source.connect(input);
    sources.push(source);
    source.onended = () => {
      for (const node of [...sources, ...filters, envelope]) node.disconnect();
    };
    for (const node of sources) {
      node.start(now);
      node.stop(end);
    }
  };

  // Said at once, not on the first tap: there is nothing to wait for.
  if (!audioContext) queueMicrotask(() => giveUp('this browser has no AudioContext'));

  return {
    play: (instrument, frequency) => {
      const audio = start();
      if (!audio || !output) return;
      try {
        schedule(audio, output, musicVoice(instrument, frequency));
      } catch (error) {
        console.warn('Music: a note could not be played.', error);
      }
    },
  };
}
