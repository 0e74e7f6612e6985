// Starts the app after the first paint (a static file because the CSP forbids inline scripts).
// The built index.html (vite.config.ts) names the app's module in <meta name="sciai-app-entry">
// instead of a <script type="module">, and preloads its stylesheet instead of linking it: the
// modulepreload and preload links download both at once, but neither holds the first paint of
// the page the gateway wrote into #root (an item's summary, the landing's hero, the browse
// page's head). A module script would run as soon as the HTML is parsed, before any paint, and
// evaluating the app is long work on a slow phone. The app starts once its stylesheet applies.
(function () {
  var meta = document.querySelector('meta[name="sciai-app-entry"]');
  var entry = meta && meta.getAttribute('content');
  if (!entry) return; // `vite dev`: index.html loads the app itself

  var started = false;
  var run = function () {
    if (started) return;
    started = true;
    import(entry).catch(function (error) {
      console.error('the app could not be loaded', error);
    });
  };

  var start = function () {
    var root = document.getElementById('root');
    var Observer = window.PerformanceObserver;
    var observes = Observer && Observer.supportedEntryTypes && Observer.supportedEntryTypes.indexOf('paint') >= 0;
    if (root && root.firstElementChild && observes) {
      // The gateway's text is in #root: run once the browser reports it on screen (the paint
      // entry comes after the frame was shown, not when it was drawn).
      new Observer(function (list, observer) {
        if (!list.getEntriesByName('first-contentful-paint').length) return;
        observer.disconnect();
        window.setTimeout(run, 0);
      }).observe({ type: 'paint', buffered: true });
    } else {
      // Nothing to show before the app: one frame for the stylesheet, then the app.
      window.requestAnimationFrame(function () {
        window.setTimeout(run, 0);
      });
    }
    // A tab opened in the background paints nothing and runs no animation frame until shown;
    // the app starts anyway.
    window.setTimeout(run, 1000);
  };

  var preload = document.querySelector('link[data-sciai-app-styles]');
  if (!preload) return start();
  var sheet = document.createElement('link');
  sheet.rel = 'stylesheet';
  sheet.crossOrigin = 'anonymous';
  sheet.href = preload.getAttribute('href');
  // without its stylesheet the app would show unstyled; a failed one still lets it run
  sheet.onload = start;
  sheet.onerror = start;
  document.head.appendChild(sheet);
})();
