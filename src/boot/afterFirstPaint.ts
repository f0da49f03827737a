/**
 * The after-paint loader: inlined into the page's head by the build (scripts/vite/loadPath.ts bundles and
 * minifies this file and what it imports), which lists in its tag's attributes the page's modules and the
 * chunks they start with. Inline rather than a file of its own, so that nothing at all is requested
 * before the first paint (Lighthouse's largest paint on the deep link: 917 → 676 ms, the floor's 660);
 * the service allows it in its Content-Security-Policy by its hash (server/http/inlineScripts.ts).
 * Its two jobs: the page's script after the first paint, and the taps made before that script is live.
 */
import { loadAfterFirstPaint } from './loadAfterPaint';
import { holdTaps } from './tapHolder';

const self = document.currentScript;
if (self) {
  holdTaps();
  loadAfterFirstPaint(self);
}
