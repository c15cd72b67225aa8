import { MUSIC_MESSAGES, musicNameFromPath } from '@liveops/domain/music';
import { deviceHaptics } from './haptics';
import { mountMusicPage } from './music-page';
import { createSynth } from './synth';
import './music.css';
import './music-pads.css';
import './music-controls.css';

// The music toy's own entry (music.html): plain DOM and the domain's music module, none of the dashboard.
const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from music.html');
const name = musicNameFromPath(window.location.pathname);
document.title = MUSIC_MESSAGES.pageTitle(name);
const page = mountMusicPage(root, {
  name,
  synth: createSynth({ onUnavailable: () => page.showAudioUnavailable() }),
  haptics: deviceHaptics(),
});
