// Starts the app after the first paint (a static file because the CSP forbids inline scripts).
// The built index.html (vite.config.ts) names the app's module in <meta name="sciai-app-entry">
// instead of a <script type="module">, with the modules it imports and its stylesheet, and
// links none of them: the page the gateway wrote into #root (an item's summary, the landing's
// hero, the browse page's head) paints first, with all the bandwidth, and then the app's files
// are requested together. A module script would run as soon as the HTML is parsed, before any
// paint, and evaluating the app is long work on a slow phone. The app starts once its
// stylesheet applies.
(function () {
  var meta = document.querySelector('meta[name="sciai-app-entry"]');
  var entry = meta && meta.getAttribute('content');
  if (!entry) return; // `vite dev`: index.html loads the app itself
  var modules = (meta.getAttribute('data-modules') || '').split(' ').filter(Boolean);
  var styles = meta.getAttribute('data-styles');

  var started = false;
  var run = function () {
    if (started) return;
    started = true;
    import(entry).catch(function (error) {
      console.error('the app could not be loaded', error);
    });
  };

  var preload = function (href) {
    var link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = 'anonymous';
    link.href = href;
    document.head.appendChild(link);
  };

  var requested = false;
  var load = function () {
    if (requested) return;
    requested = true;
    if (styles) {
      var sheet = document.createElement('link');
      sheet.rel = 'stylesheet';
      sheet.crossOrigin = 'anonymous';
      sheet.href = styles;
      // without its stylesheet the app would show unstyled; a failed one still lets it run
      sheet.onload = run;
      sheet.onerror = run;
      document.head.appendChild(sheet);
    }
    // Every module at once (importing the entry alone would find its imports one level at a
    // time), a few per task: each request costs the main thread a millisecond or more, which a
    // slow phone multiplies, and twenty in one go made a long task.
    // The messages every page needs in the page's language, which the app awaits before its
    // first render (web/src/i18n/page-messages.ts fetches the same address).
    var plan = document.getElementById('sciai-i18n');
    if (plan) {
      var messages = document.createElement('link');
      messages.rel = 'preload';
      messages.as = 'fetch';
      messages.crossOrigin = 'anonymous';
      messages.href = JSON.parse(plan.textContent).boot;
      document.head.appendChild(messages);
    }
    var queue = [entry].concat(modules);
    var next = function () {
      queue.splice(0, 4).forEach(preload);
      if (queue.length) window.setTimeout(next, 0);
      else if (!styles) run();
    };
    next();
  };

  var root = document.getElementById('root');
  var Observer = window.PerformanceObserver;
  var observes = Observer && Observer.supportedEntryTypes && Observer.supportedEntryTypes.indexOf('paint') >= 0;
  if (root && root.firstElementChild && observes) {
    // The gateway's text is in #root: load once the browser reports it on screen (the paint
    // entry comes after the frame was shown, not when it was drawn).
    new Observer(function (list, observer) {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      window.setTimeout(load, 0);
    }).observe({ type: 'paint', buffered: true });
  } else {
    // Nothing to show before the app: load it now.
    load();
  }
  // A tab opened in the background paints nothing until shown; the app loads anyway.
  window.setTimeout(load, 1000);
})();
