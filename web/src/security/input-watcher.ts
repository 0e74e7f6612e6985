import { reportSuspiciousInput } from '../data/security-reports.ts';
import { detectSuspiciousInput, SAMPLE_LENGTH } from './detect-suspicious-input.ts';
import { ReportThrottle } from './report-throttle.ts';

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
  const throttle = new ReportThrottle();
  // blur does not bubble; listening in the capture phase sees every field's.
  target.addEventListener(
    'blur',
    (event) => {
      const field = event.target;
      if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) return;
      if (field instanceof HTMLInputElement && (field.type === 'password' || field.type === 'hidden')) return;
      if (SECRET_FIELD.test(field.autocomplete)) return;
      const patterns = detectSuspiciousInput(field.value);
      if (patterns.length === 0 || !throttle.take(field.value)) return;
      void reportSuspiciousInput({
        patterns,
        sample: field.value.slice(0, SAMPLE_LENGTH),
        field: fieldName(field),
        page: window.location.pathname,
      });
    },
    true,
  );
}

/** How the field is known to its user: its label, else its accessible or form name. */
function fieldName(field: HTMLInputElement | HTMLTextAreaElement): string | undefined {
  const label = field.labels?.[0]?.textContent?.trim() || field.getAttribute('aria-label') || field.name || field.id;
  return label ? label.slice(0, 100) : undefined;
}
