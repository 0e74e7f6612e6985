/** Fields whose values are secrets: never read, never sent. */
const SECRET_FIELD = /password|one-time-code|cc-number|cc-csc/i;

let installed = false;

/**
 * The client half of the security monitor: when an input or textarea loses focus and its value
 * carries markup that would run script, the first 100 characters go to the gateway's security
 * log. Rendering is safe without it (React escapes); it tells admins someone is probing.
 * Installed once, for the whole document.
 */
export function installInputWatcher(target: Document = document): void {
  if (installed) return;
  installed = true;
  // blur does not bubble; listening in the capture phase sees every field's.
  target.addEventListener(
    'blur',
    (event) => {
      const field = event.target;
      if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) return;
      if (field instanceof HTMLInputElement && (field.type === 'password' || field.type === 'hidden')) return;
      if (SECRET_FIELD.test(field.autocomplete)) return;
      if (field.value === '') return;
      // The check and the report load with the first filled field that loses focus: no page
      // needs them to show or answer (docs/decisions/0058-browse-first-download.md).
      const input = { value: field.value, field: fieldName(field), page: window.location.pathname };
      import('./input-report.ts').then(
        (module) => module.reportIfSuspicious(input),
        () => undefined, // a failed download loses one check; the watcher never disturbs the page
      );
    },
    true,
  );
}

/** How the field is known to its user: its label, else its accessible or form name. */
function fieldName(field: HTMLInputElement | HTMLTextAreaElement): string | undefined {
  const label = field.labels?.[0]?.textContent?.trim() || field.getAttribute('aria-label') || field.name || field.id;
  return label ? label.slice(0, 100) : undefined;
}
