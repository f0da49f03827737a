// Requests the page's modules (data-modules, in order) and the chunks they import (data-preloads) only
// after the first paint (server/afterFirstPaint.ts). On a page the server rendered, the HTML already
// shows the result; on the static build, its prerendered shell: either way that paint does not wait
// for, or share a slow network with, the JavaScript. A file, not an inline script, so the Content-Security-Policy stays strict.
(function () {
  var self = document.currentScript;
  if (!self) return;
  var list = function (name) {
    return (self.getAttribute(name) || '').split(' ').filter(Boolean);
  };
  var modules = list('data-modules');
  var preloads = list('data-preloads');
  requestAnimationFrame(function () {
    setTimeout(function () {
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
    });
  });
})();
