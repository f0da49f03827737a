import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined?shape';
import { startTransition, useEffect, useLayoutEffect, useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { heldControl, heldTap, tapAgain, type HeldTap } from '@/boot/heldTap';
import { languageOf } from '@/i18n/i18n';
import { serverHtml } from '@/shared/serverHtml';
import textStyles from '@/shared/styles/text.module.css';
import { MessageBox } from './MessageBox';
import type { TraceResultProps } from './result/TraceResultView';
import { loadResultView, loadedResultView } from './resultView';
import { useAfterFirstScroll } from './useAfterFirstScroll';
import { useWhenIdle } from './useWhenIdle';

/** Kept as it is: the same object every render, so React never writes it into the element. */
const SERVER_HTML = { __html: '' };

/**
 * The result under the field. On a page the server rendered, the result it arrived with stays the
 * server's HTML instead of being hydrated (most of the page's elements and styles, which a shopper
 * reads and does not act on): hydration then costs only the field, the header and what is around
 * them. It becomes the live view (rendered afresh, identical) when it must change or be acted on: in
 * another language, when its picture fails to load, or at a tap or click on one of its controls (share,
 * the carton's codes, show all), which is then made again on the live control (src/boot/heldTap.ts, as
 * the page's loader makes the taps it held).
 */
export function ResultIsland(props: TraceResultProps) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n);
  const [renderedIn] = useState(() => (serverHtml.hydrating ? language : null));
  const [released, setReleased] = useState(false);
  const [View, setView] = useState(loadedResultView);
  const [failed, setFailed] = useState(false);
  // A finger or the focus on the result: a tap on one of its controls may follow, its view is asked for at once.
  const [approached, setApproached] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const held = useRef<HeldTap | null>(null);
  const wanted = renderedIn === null || released || language !== renderedIn;
  // Live once the view's chunk is in: until then the server's HTML stays (a tap on it is made again after).
  const live = wanted && View !== null;
  // On a page the server rendered, the chunk is fetched once the browser is idle after the shopper first scrolls
  // (or at once on a touch or the focus on the result itself), so that a tap on the result rarely waits for it.
  // Not at the first idle moment: its fetch and evaluation were main-thread work in a first load that shows and
  // hydrates no part of it (about 60-100 ms of Lighthouse's mobile main-thread work: issue 38). Not at any first
  // touch either: a tap on the camera then started the scanner beside it (its picture played later).
  const idle = useWhenIdle(useAfterFirstScroll(renderedIn !== null));
  const soon = idle || approached;

  useEffect(() => {
    if (View || !(wanted || soon)) return;
    let current = true;
    loadResultView().then(
      (view) => current && startTransition(() => setView(() => view)),
      // Where the server's HTML stays, the shopper reads it as it is; a result rendered here says it failed.
      () => current && setFailed(true),
    );
    return () => void (current = false);
  }, [View, wanted, soon]);

  useLayoutEffect(() => {
    const element = container.current;
    if (!element) return;
    if (!live) {
      const release = () => setReleased(true);
      // Nothing to keep where React rendered the page afresh after all (a hydration it gave up); and a
      // picture that failed before this ran fired its error event unseen.
      const broken = [...element.querySelectorAll('img')].some((image) => image.complete && image.naturalWidth === 0);
      if (!element.hasChildNodes() || broken) release();
      element.addEventListener('error', release, { capture: true });
      return () => element.removeEventListener('error', release, { capture: true });
    }
    const tap = held.current;
    held.current = null;
    const target = tap && heldControl(element, tap);
    // Once React has finished this commit, so the control's own handler runs as for any tap.
    if (target) queueMicrotask(() => tapAgain(target));
  }, [live]);

  const hold = (event: MouseEvent<HTMLDivElement>) => {
    // Without the live view its links work as HTML links do; its buttons wait for nothing that will come.
    if (failed) return;
    const element = container.current;
    const control = event.target instanceof Element ? event.target.closest<HTMLElement>('a[href], button') : null;
    // A link opened in a new tab or window is the browser's to follow.
    if (!element || !control || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return;
    event.preventDefault();
    event.stopPropagation();
    held.current = heldTap(element, control);
    setReleased(true);
  };

  if (!live) {
    if (failed && renderedIn === null) {
      return (
        <MessageBox role="alert" tone="error" icon={ErrorOutline}>
          <p className={textStyles.body}>{t('result.viewUnavailable')}</p>
        </MessageBox>
      );
    }
    const approach = () => setApproached(true);
    return (
      <div
        ref={container}
        dangerouslySetInnerHTML={SERVER_HTML}
        suppressHydrationWarning
        onPointerDownCapture={approach}
        onFocusCapture={approach}
        onClickCapture={hold}
      />
    );
  }
  return (
    <div ref={container}>
      <View {...props} />
    </div>
  );
}
