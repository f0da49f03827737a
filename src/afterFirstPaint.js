// Inlined into the page's head by the build (scripts/vite/loadPath.ts), which lists in its attributes
// the page's modules (data-modules, in order) and the chunks they start with (data-preloads: their
// imports and the start-up stages src/main.tsx imports dynamically); it requests them only after the
// first paint. On a page the server rendered, the HTML already shows the result; on the static build,
// its prerendered shell: either way that paint does not wait for, or share a slow network with, the
// JavaScript. Inline rather than a file of its own, so that nothing at all is requested before the
// first paint (Lighthouse's largest paint on the deep link: 917 → 676 ms, the floor's 660); the
// service allows it in its Content-Security-Policy by its hash (server/http/inlineScripts.ts).
//
// It also holds the taps a shopper makes on the page's buttons before the script has made them live
// (the camera, the language, share): such a button in the server's HTML has no handler yet, and the
// tap would be lost. Each is replayed on the same button (or, where the page rendered afresh, the
// button of the same name, the first, second… as it was) once the page says it is live ('page:live' on the
// document). Submit buttons and links are left alone: the form and links work without script.
(function () {
  var self = document.currentScript;
  if (!self) return;
  var held = [];
  // Run in the head, before the body exists: the page's root is found when a tap comes.
  function pageRoot() {
    return document.getElementById('root');
  }
  function nameOf(button) {
    return button.getAttribute('aria-label') || button.textContent;
  }
  function named(name) {
    return Array.prototype.filter.call(pageRoot().querySelectorAll('button'), function (button) {
      return nameOf(button) === name;
    });
  }
  function hold(event) {
    var button = event.target instanceof Element && event.target.closest('button');
    var root = pageRoot();
    if (!button || !root || !root.contains(button) || button.type === 'submit') return;
    event.preventDefault();
    event.stopImmediatePropagation();
    var name = nameOf(button);
    if (held.length < 8) held.push({ button: button, name: name, nth: named(name).indexOf(button) });
  }
  window.addEventListener('click', hold, true);
  document.addEventListener(
    'page:live',
    function () {
      window.removeEventListener('click', hold, true);
      held.forEach(function (tap) {
        var button = tap.button.isConnected ? tap.button : named(tap.name)[tap.nth];
        if (button) button.click();
      });
      held = [];
    },
    { once: true },
  );
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
