import {
  MUSIC_INSTRUMENTS,
  MUSIC_MESSAGES,
  MUSIC_NOTE_LIFETIME_MS,
  MUSIC_PADS,
  MUSIC_VIBRATION_MS,
  type MusicInstrumentId,
  type MusicPad,
} from '@liveops/domain/music';
import type { Haptics } from './haptics';
import type { Synth } from './synth';

/** An element with its class, attributes and children; text is always set as text, never parsed as HTML. */
function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string,
  attributes: Record<string, string> = {},
  children: (Node | string)[] = [],
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

const NOTE_GLYPHS = ['♪', '♫', '♩', '♬'];
const PAD_KEYS = new Map<string, MusicPad>(MUSIC_PADS.map((pad) => [pad.key, pad]));
/** The holds of the keys that press a focused pad. */
const PAD_KEY_HOLDS = new Set(['key:Enter', 'key:NumpadEnter', 'key:Space']);
/** How long a click that came without a pointer or key (a screen reader's, say) holds its pad down. */
const CLICK_HOLD_MS = 150;

/**
 * The music toy (decision 020): four pads played by pointer, several touches at once, keys 1–4 and Enter or Space on a
 * focused pad; an Instrument selector; a Haptics toggle; a status that greets the name and then names the last
 * instrument and pad. A pad is highlighted while anything holds it, and every press plays, vibrates (when on) and
 * floats a note for MUSIC_NOTE_LIFETIME_MS.
 */
export function mountMusicPage(
  root: HTMLElement,
  { name, synth, haptics }: { name: string; synth: Synth; haptics: Haptics },
): { showAudioUnavailable: () => void } {
  let instrument: MusicInstrumentId = 'piano';
  let hapticsOn = haptics.available;
  let noteCount = 0;
  /** What holds each pad down: pointer ids, key codes, a click. */
  const holds = new Map<MusicPad['id'], Set<string>>(MUSIC_PADS.map((pad) => [pad.id, new Set()]));

  const status = element('p', 'music-status', { role: 'status' }, [MUSIC_MESSAGES.ready(name)]);
  const audioNote = element('p', 'music-audio-note', { hidden: '' }, [MUSIC_MESSAGES.audioUnavailable]);

  const padButtons = new Map<MusicPad['id'], HTMLButtonElement>();
  const press = (pad: MusicPad, hold: string, at?: { x: number; y: number }) => {
    const held = holds.get(pad.id);
    const button = padButtons.get(pad.id);
    if (!held || !button || held.has(hold)) return;
    held.add(hold);
    button.setAttribute('aria-pressed', 'true');
    synth.play(instrument, pad.frequency);
    if (hapticsOn) haptics.vibrate(MUSIC_VIBRATION_MS);
    const label = MUSIC_INSTRUMENTS.find((option) => option.id === instrument)?.label ?? instrument;
    status.textContent = MUSIC_MESSAGES.joins(label, pad.name);
    floatNote(button, at);
  };
  const release = (pad: MusicPad, hold: string) => {
    const held = holds.get(pad.id);
    if (!held?.delete(hold) || held.size > 0) return;
    padButtons.get(pad.id)?.setAttribute('aria-pressed', 'false');
  };
  const releaseAll = (which: (hold: string) => boolean) => {
    for (const pad of MUSIC_PADS) for (const hold of holds.get(pad.id) ?? []) if (which(hold)) release(pad, hold);
  };

  const floatNote = (button: HTMLButtonElement, at?: { x: number; y: number }) => {
    const box = button.getBoundingClientRect();
    const note = element('span', 'music-note', { 'aria-hidden': 'true' }, [
      NOTE_GLYPHS[noteCount % NOTE_GLYPHS.length] ?? '♪',
    ]);
    noteCount += 1;
    // Where the finger or pointer is; the middle of the pad for a key.
    note.style.setProperty('--note-x', `${at ? at.x - box.left : box.width / 2}px`);
    note.style.setProperty('--note-y', `${at ? at.y - box.top : box.height / 2}px`);
    note.style.setProperty('--note-drift', `${(noteCount % 3) - 1}`);
    note.style.setProperty('--note-lifetime', `${MUSIC_NOTE_LIFETIME_MS}ms`);
    button.querySelector('.music-pad-notes')?.append(note);
    setTimeout(() => note.remove(), MUSIC_NOTE_LIFETIME_MS);
  };

  const pads = element(
    'section',
    'music-pads',
    { 'aria-label': MUSIC_MESSAGES.pads },
    MUSIC_PADS.map((pad) => {
      const button = element(
        'button',
        'music-pad',
        {
          type: 'button',
          'data-pad': pad.id,
          'aria-pressed': 'false',
          'aria-keyshortcuts': pad.key,
        },
        [
          element('span', 'music-pad-notes', { 'aria-hidden': 'true' }),
          element('kbd', 'music-pad-key', { 'aria-hidden': 'true' }, [pad.key]),
          element('span', 'music-pad-text', {}, [
            element('span', 'music-pad-name', {}, [pad.name]),
            ' ',
            element('span', 'music-pad-colour', {}, [pad.colour]),
          ]),
        ],
      );
      padButtons.set(pad.id, button);
      button.addEventListener('pointerdown', (event) => {
        if (event.pointerType === 'mouse' && event.button !== 0) return;
        // A touch is captured by the pad it started on; released, sliding off the pad lets go of it.
        if (button.hasPointerCapture(event.pointerId)) button.releasePointerCapture(event.pointerId);
        press(pad, `pointer:${event.pointerId}`, { x: event.clientX, y: event.clientY });
      });
      for (const type of ['pointerup', 'pointercancel', 'pointerleave'] as const) {
        button.addEventListener(type, (event) => release(pad, `pointer:${event.pointerId}`));
      }
      button.addEventListener('keydown', (event) => {
        if (event.key !== 'Enter' && event.key !== ' ') return;
        // Handled here, so the button's own click (Enter on keydown, Space on keyup) never plays it twice.
        event.preventDefault();
        if (!event.repeat) press(pad, `key:${event.code}`);
      });
      button.addEventListener('keyup', (event) => {
        if (event.key !== 'Enter' && event.key !== ' ') return;
        event.preventDefault();
        release(pad, `key:${event.code}`);
      });
      // Enter or Space held while focus moves on never reaches this pad's keyup.
      button.addEventListener('blur', () => {
        for (const hold of holds.get(pad.id) ?? []) if (PAD_KEY_HOLDS.has(hold)) release(pad, hold);
      });
      // A click with no pointer or key behind it: assistive technology pressing the button.
      button.addEventListener('click', (event) => {
        if (event.detail !== 0 || (holds.get(pad.id)?.size ?? 0) > 0) return;
        press(pad, 'click');
        setTimeout(() => release(pad, 'click'), CLICK_HOLD_MS);
      });
      button.addEventListener('contextmenu', (event) => event.preventDefault());
      return button;
    }),
  );

  document.addEventListener('keydown', (event) => {
    const pad = PAD_KEYS.get(event.key);
    if (!pad || event.repeat || event.ctrlKey || event.metaKey || event.altKey) return;
    press(pad, `key:${event.code}`);
  });
  document.addEventListener('keyup', (event) => releaseAll((hold) => hold === `key:${event.code}`));
  // A key or pointer let go of while the page was in the background never reports it.
  window.addEventListener('blur', () => releaseAll(() => true));

  const instrumentChoices = element('fieldset', 'music-instruments', {}, [
    element('legend', 'music-control-label', {}, [MUSIC_MESSAGES.instrument]),
    element(
      'div',
      'music-segments',
      {},
      MUSIC_INSTRUMENTS.map((option) => {
        const input = element('input', 'music-segment-input', {
          type: 'radio',
          name: 'instrument',
          value: option.id,
        });
        input.checked = option.id === instrument;
        input.addEventListener('change', () => {
          if (input.checked) instrument = option.id;
        });
        return element('label', 'music-segment', {}, [input, element('span', '', {}, [option.label])]);
      }),
    ),
  ]);

  const hapticsState = element('span', 'music-toggle-state', { id: 'music-haptics-state' });
  const hapticsToggle = element(
    'button',
    'music-toggle',
    { type: 'button', id: 'music-haptics', 'aria-describedby': 'music-haptics-state' },
    [element('span', 'music-toggle-thumb', { 'aria-hidden': 'true' })],
  );
  // The state beside the switch rather than in it, so the switch's name stays "Haptics" whatever its state.
  const hapticsControl = element('div', 'music-haptics', {}, [
    element('label', 'music-control-label', { for: 'music-haptics' }, [MUSIC_MESSAGES.haptics]),
    hapticsToggle,
    hapticsState,
  ]);
  const showHaptics = () => {
    hapticsState.textContent = !haptics.available
      ? MUSIC_MESSAGES.hapticsUnavailable
      : hapticsOn
        ? MUSIC_MESSAGES.hapticsOn
        : MUSIC_MESSAGES.hapticsOff;
    hapticsToggle.setAttribute('aria-pressed', String(hapticsOn));
  };
  hapticsToggle.disabled = !haptics.available;
  hapticsToggle.addEventListener('click', () => {
    hapticsOn = !hapticsOn;
    showHaptics();
  });
  showHaptics();

  root.replaceChildren(
    element('main', 'music', {}, [
      element('header', 'music-header', {}, [
        element('h1', 'music-title', {}, [
          element(
            'span',
            'music-logo',
            { 'aria-hidden': 'true' },
            MUSIC_PADS.map((pad) => element('span', `music-logo-dot music-logo-${pad.id}`)),
          ),
          MUSIC_MESSAGES.title,
        ]),
        status,
        element('p', 'music-hint', {}, [
          MUSIC_MESSAGES.hint,
          ' ',
          element('span', 'music-keys-hint', {}, [MUSIC_MESSAGES.keysHint]),
        ]),
      ]),
      pads,
      element('div', 'music-controls', {}, [instrumentChoices, hapticsControl]),
      audioNote,
    ]),
  );

  return {
    showAudioUnavailable: () => {
      audioNote.hidden = false;
    },
  };
}
