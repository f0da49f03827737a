import { LOADER_MODULES, LOADER_PRELOADS } from './protocol';

/** A page that never paints anything contentful still gets its script after this. */
const AT_THE_LATEST_MS = 3000;

function listed(self: Element, attribute: string): string[] {
  return (self.getAttribute(attribute) ?? '').split(' ').filter(Boolean);
}

function add(element: HTMLScriptElement | HTMLLinkElement) {
  element.crossOrigin = '';
  document.head.appendChild(element);
}

/**
 * Requests the page's modules (its tag's data-modules, run in order) and the chunks they start with
 * (data-preloads), once the page has painted: on a page the server rendered, the HTML already shows the
 * result; on the static build, its prerendered shell. Either way that paint does not wait for, or share a
 * slow network with, the JavaScript.
 */
export function loadAfterFirstPaint(self: Element): void {
  const modules = listed(self, LOADER_MODULES);
  const preloads = listed(self, LOADER_PRELOADS);
  let loaded = false;
  function load() {
    if (loaded) return;
    loaded = true;
    for (const src of modules) {
      const script = document.createElement('script');
      script.type = 'module';
      // Inserted scripts run in any order unless told otherwise.
      script.async = false;
      script.src = src;
      add(script);
    }
    for (const href of preloads) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      add(link);
    }
  }
  // A tab opened in the background paints nothing until shown: nothing to wait for.
  if (document.visibilityState === 'hidden') return load();
  if (!window.PerformanceObserver?.supportedEntryTypes?.includes('paint')) {
    // Without paint timing: the frame after the next one, by when the first has been shown.
    requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(load)));
    return;
  }
  // The first contentful paint's entry exists once that frame has been presented, not merely drawn: a
  // timer after a single animation frame could still run before it (measured under load).
  new PerformanceObserver((entries, observer) => {
    if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    setTimeout(load);
  }).observe({ type: 'paint', buffered: true });
  setTimeout(load, AT_THE_LATEST_MS);
}
