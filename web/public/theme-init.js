// Runs before first paint (a static file because the CSP forbids inline scripts): applies the
// color scheme Mantine's localStorage manager stored, resolving "auto" like Mantine does.
(function () {
  var scheme = 'auto';
  try {
    var stored = window.localStorage.getItem('mantine-color-scheme-value');
    if (stored === 'light' || stored === 'dark' || stored === 'auto') scheme = stored;
  } catch {
    // Storage can be disabled; the system setting then decides.
  }
  if (scheme === 'auto') {
    scheme = window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  }
  document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
})();
