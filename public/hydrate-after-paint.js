// Loaded by pages the server rendered. Their HTML already shows the result, so the page's script (named
// in data-main) is requested only after that first paint: on a slow network the result does not wait
// for, or share the line with, the JavaScript that makes it interactive. A file, not an inline script,
// so that the Content-Security-Policy stays strict.
(function () {
  var main = document.currentScript && document.currentScript.getAttribute('data-main');
  if (!main) return;
  requestAnimationFrame(function () {
    setTimeout(function () {
      var script = document.createElement('script');
      script.type = 'module';
      script.src = main;
      document.head.appendChild(script);
    });
  });
})();
