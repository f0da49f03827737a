// Requests the page's modules (data-modules, in order) and the chunks they start with (data-preloads:
// their imports and the start-up stages src/main.tsx imports dynamically) only after the first paint
// (server/afterFirstPaint.ts). On a page the server rendered, the HTML already shows the result; on
// the static build, its prerendered shell: either way that paint does not wait for, or share a slow
// network with, the JavaScript. A file, not an inline script, so that the Content-Security-Policy
// stays strict.
(function () {
  var self = document.currentScript;
  if (!self) return;
  var list = function (name) {
    return (self.getAttribute(name) || '').split(' ').filter(Boolean);
  };
  var modules = list('data-modules');
  var preloads = list('data-preloads');
  var loaded = false;
  function load() {
    if (loaded) return;
    loaded = true;
    modules.forEach(function (src) {
      var script = document.createElement('script');
      script.type = 'module';
      script.crossOrigin = '';
      // Inserted scripts run in any order unless told otherwise.
      script.async = false;
      script.src = src;
      document.head.appendChild(script);
    });
    preloads.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
  }
  // A tab opened in the background paints nothing until shown: nothing to wait for.
  if (document.visibilityState === 'hidden') return load();
  var types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
  if (types.indexOf('paint') < 0) {
    // Without paint timing: the frame after the next one, by when the first has been shown.
    requestAnimationFrame(function () {
      requestAnimationFrame(function () {
        setTimeout(load);
      });
    });
    return;
  }
  // The first contentful paint's entry exists once that frame has been presented, not merely drawn:
  // a timer after a single animation frame could still run before it (measured under load).
  new PerformanceObserver(function (entries, observer) {
    if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    setTimeout(load);
  }).observe({ type: 'paint', buffered: true });
  // A page that never paints anything contentful still gets its script.
  setTimeout(load, 3000);
})();
