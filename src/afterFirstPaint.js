// Inlined into the page's head by the build (scripts/vite/loadPath.ts), which lists in its attributes
// the page's modules (data-modules, in order) and the chunks they start with (data-preloads: their
// imports and the start-up stages src/main.tsx imports dynamically); it requests them only after the
// first paint. On a page the server rendered, the HTML already shows the result; on the static build,
// its prerendered shell: either way that paint does not wait for, or share a slow network with, the
// JavaScript. Inline rather than a file of its own, so that nothing at all is requested before the
// first paint (Lighthouse's largest paint on the deep link: 917 → 676 ms, the floor's 660); the
// service allows it in its Content-Security-Policy by its hash (server/http/inlineScripts.ts).
//
// It also answers the taps a shopper makes on the page's buttons before the script has made them live
// (the camera, the language, share): such a button in the server's HTML has no handler yet. On a slow
// phone the script takes most of a second to start (bench:page, first tap), so where the HTML allows it
// the tap is answered at once:
// - the language button (data-language) on a page the server rendered swaps in the copy of the page
//   in that language that the server sent with it;
// - a button that opens a dialog (data-dialog-title and the others: the camera's) shows that dialog's
//   frame at once, saying that it is starting, until the page's own dialog opens over it; closing it
//   drops the tap.
// Every other tap (and the language button's on the static build's shell, which comes with no copy, or
// once the page's script has begun reading the HTML) is held and made again on the same button once the
// page says it is live ('page:live' on the document). Submit buttons and links are left alone: the
// form and links work without script.
(function () {
  var self = document.currentScript;
  if (!self) return;
  var held = [];
  var live = false;
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
  // The tapped button on the live page: itself, or where the page rendered afresh (over the static
  // build's shell, maybe in another language than the shell's) the button of the same id, or else of
  // the same name and place.
  function sameAs(tap) {
    return now(tap.button) || named(tap.name)[tap.nth];
  }
  function now(button) {
    return button.isConnected ? button : button.id && document.getElementById(button.id);
  }
  // The server's copy of the page in `language` (ALTERNATE_PAGE_ID in src/contract/traceContract.ts), until
  // the page's script reads the HTML ('page:reading'), which may come before the end of a long page
  // has arrived: the copy is never swapped in after that.
  var reading = false;
  function alternate(language) {
    var template = !reading && document.getElementById('page-alternate');
    return template && template.getAttribute('lang') === language ? template : null;
  }
  document.addEventListener(
    'page:reading',
    function () {
      reading = true;
      var template = document.getElementById('page-alternate');
      if (template) template.remove();
    },
    { once: true },
  );
  // The page in the template's language, at once and without a request: the root's content and the
  // head's texts change places with the template's, so a second tap swaps them back. What was typed,
  // the focus and the taps held go over to the same fields and buttons of the other copy, which has
  // the same elements in the same order; the choice is kept in the cookie the page's own switch writes
  // (LANGUAGE_COOKIE in src/i18n/i18n.ts), which the server renders by. Loading the page again in that
  // language instead took 370 ms at 4x CPU (bench:page, first tap), and a round trip more on a phone's
  // network.
  function swapIn(template) {
    var root = pageRoot();
    var active = document.activeElement;
    var focused = active !== root && root.contains(active) && active.id;
    var fields = Array.prototype.slice.call(root.querySelectorAll('input[id], textarea[id]'));
    var buttons = Array.prototype.slice.call(root.querySelectorAll('button'));
    var shown = Array.prototype.slice.call(root.childNodes);
    root.replaceChildren(template.content);
    template.content.replaceChildren.apply(template.content, shown);
    // Each of the head's texts changes places with the template's attribute of it.
    function trade(holder, property, kept) {
      if (!holder) return;
      var value = template.getAttribute(kept);
      template.setAttribute(kept, holder[property]);
      holder[property] = value;
    }
    trade(document.documentElement, 'lang', 'lang');
    trade(document.querySelector('meta[name="description"]'), 'content', 'data-description');
    trade(document, 'title', 'data-title');
    fields.forEach(function (field) {
      var same = document.getElementById(field.id);
      if (same) same.value = field.value;
    });
    var swapped = root.querySelectorAll('button');
    held.forEach(function (tap) {
      var button = swapped[buttons.indexOf(tap.button)];
      if (!button) return;
      tap.button = button;
      tap.name = nameOf(button);
      tap.nth = named(tap.name).indexOf(button);
    });
    var again = focused && document.getElementById(focused);
    if (again) again.focus();
    var language = document.documentElement.lang;
    document.cookie = 'i18nextLng=' + language + '; path=/; max-age=31536000; samesite=lax';
    // An address that names a language names this one, for a reload or a shared link.
    var address = new URL(location.href);
    if (address.searchParams.has('lng')) {
      address.searchParams.set('lng', language);
      history.replaceState(history.state, '', address.href);
    }
  }

  // The dialog frame shown for a held tap, until the page's own dialog opens.
  var frame = null;
  function removeFrame() {
    if (!frame) return;
    frame.dialog.remove();
    frame = null;
    pageRoot().inert = false;
  }
  function showFrame(button) {
    var dialog = document.createElement('div');
    var title = document.createElement('h2');
    var close = document.createElement('button');
    var status = document.createElement('p');
    var shown = { dialog: dialog, cancelled: false };
    dialog.setAttribute('role', 'dialog');
    dialog.setAttribute('aria-modal', 'true');
    dialog.setAttribute('aria-labelledby', 'held-dialog-title');
    dialog.setAttribute('data-held-tap', '');
    title.id = 'held-dialog-title';
    title.textContent = button.getAttribute('data-dialog-title');
    close.type = 'button';
    close.textContent = button.getAttribute('data-dialog-close');
    status.setAttribute('role', 'status');
    status.textContent = button.getAttribute('data-dialog-busy');
    // Full screen and opaque like the page's own, under it (MUI's modal layer is 1300), over the header.
    dialog.style.cssText =
      'position:fixed;inset:0;z-index:1250;display:flex;flex-direction:column;background:#000;color:#fff';
    title.style.cssText = 'margin:0;padding:16px 112px 16px 24px;font-size:1.25rem;font-weight:500;line-height:1.6';
    // The brand's colour and the theme's white text on it, as the page's own dialog shows its Close button.
    close.style.cssText =
      'position:absolute;top:10px;right:8px;min-height:44px;padding:6px 16px;border:0;border-radius:10px;' +
      'font:inherit;font-size:.875rem;font-weight:600;color:#fff;background:' +
      button.getAttribute('data-dialog-color');
    // Where the page's dialog shows the camera's picture and the hint under it.
    status.style.cssText = 'margin:0;padding:48px 24px;text-align:center';
    dialog.append(title, close, status);
    function dismiss() {
      shown.cancelled = true;
      held = held.filter(function (tap) {
        return tap.button !== button;
      });
      removeFrame();
      var target = now(button);
      if (target) target.focus();
    }
    close.addEventListener('click', dismiss);
    dialog.addEventListener('keydown', function (event) {
      if (event.key === 'Escape') dismiss();
    });
    document.body.appendChild(dialog);
    frame = shown;
    // The page made inert and the focus moved once the frame is on screen: both restyle the whole page,
    // which on a slow phone busy starting its script put the frame's first paint past 200 ms
    // (bench:page, first tap: median 159 → 107 ms of 9). Not once the page is live: the tap has been
    // made again on the page's button, which has the focus for the page's dialog to give back.
    requestAnimationFrame(function () {
      setTimeout(function () {
        if (frame !== shown || live) return;
        pageRoot().inert = true;
        close.focus();
      });
    });
  }
  // Once the tap was made again, the page's dialog opens over the frame, in this task or once its
  // chunk has come; the frame goes then (or after a few seconds, if the page's dialog never opens). A
  // frame closed meanwhile closes the page's dialog as it opens, as Escape does.
  function handOver(shown) {
    pageRoot().inert = false;
    var watch = new MutationObserver(function () {
      var opened = document.querySelector('[role="dialog"]:not([data-held-tap])');
      if (opened) done(opened);
    });
    var timer = setTimeout(done, 5000);
    function done(opened) {
      watch.disconnect();
      clearTimeout(timer);
      if (frame === shown) removeFrame();
      if (opened && shown.cancelled)
        opened.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    }
    watch.observe(document.body, { childList: true, subtree: true });
  }
  function hold(event) {
    var button = event.target instanceof Element && event.target.closest('button');
    var root = pageRoot();
    if (!button || !root || !root.contains(button) || button.type === 'submit') return;
    event.preventDefault();
    event.stopImmediatePropagation();
    var language = button.getAttribute('data-language');
    var template = language && alternate(language);
    if (template) return swapIn(template);
    var name = nameOf(button);
    if (held.length < 8)
      held.push({ button: button, name: name, nth: named(name).indexOf(button), language: language });
    if (!frame && button.hasAttribute('data-dialog-title')) showFrame(button);
  }
  window.addEventListener('click', hold, true);
  document.addEventListener(
    'page:live',
    function () {
      live = true;
      window.removeEventListener('click', hold, true);
      if (frame) handOver(frame);
      held.forEach(function (tap) {
        var button = sameAs(tap);
        // A language tap is made again only where it still asks for the same language: the page may
        // have rendered in that one already.
        if (!button || button.getAttribute('data-language') !== tap.language) return;
        // Focused first, so that the page's dialog gives the focus back to it when it closes.
        button.focus();
        button.click();
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
