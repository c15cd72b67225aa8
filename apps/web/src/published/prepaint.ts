import {
  PUBLISHED_INLINE_CONFIG_ID,
  PUBLISHED_MAIN_SCRIPT_ID,
  PUBLISHED_PRERENDER_CYCLE_ATTRIBUTE,
  readDailyRewardsParams,
} from '@liveops/domain/published';
import { applyDayStates, applyFitScales } from '@liveops/views/prepaint';
import { afterFirstPaint } from './after-first-paint';
import { installEarlyInit } from './early-init';

// The published page's first script (decision 021), a few KB run as the page is read. The page's own script
// (main.tsx, 50 KB) waits in a data block (#cb-main): compiling it before the first paint would hold that paint
// back. A page with its popup prerendered (publishing wrote its config inline, the address brings none) is made
// right for this player first, the day cards for the streak and the popup fitted to the web view, and painted;
// only then does the page's script run. Any other page runs it at once. The global cbInit is there from this
// script on (decision 022): a game calls it when its web view says the page has finished loading, which can
// come before that paint; what it gives is kept until the page's script takes it.
installEarlyInit(window);
const root = document.getElementById('root');
const main = document.getElementById(PUBLISHED_MAIN_SCRIPT_ID);
if (!root || !main) throw new Error('#root or the page script is missing from published.html');
const query = new URLSearchParams(window.location.search);
const cycleDays = Number(root.getAttribute(PUBLISHED_PRERENDER_CYCLE_ATTRIBUTE));
const prerendered =
  !query.has('config') && document.getElementById(PUBLISHED_INLINE_CONFIG_ID) !== null && cycleDays > 0;

/** Runs the page's script: an inline script the page's policy allows by its hash. */
const runMain = () => {
  const script = document.createElement('script');
  script.textContent = main.textContent;
  document.body.append(script);
};

if (prerendered) {
  applyDayStates(root, readDailyRewardsParams(query.get('streak'), query.get('todayIndex')), cycleDays);
  applyFitScales(root);
  afterFirstPaint(runMain);
} else {
  runMain();
}
