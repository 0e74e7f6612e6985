import { currentLocale, localizedPath, t } from '@sciai/core';

/**
 * An outbox row's payload, read defensively: a malformed row becomes a failed send, not a crash.
 * Undefined when the payload is not an object.
 */
export function payloadFields(
  value: unknown,
): { text(key: string): string | undefined; field(key: string): unknown } | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const fields = new Map<string, unknown>(Object.entries(value));
  return {
    /** a non-blank string, or undefined */
    text(key) {
      const field = fields.get(key);
      return typeof field === 'string' && field.trim() !== '' ? field : undefined;
    },
    field: (key) => fields.get(key),
  };
}

/** A mail's first line: the recipient's first name when the profile has one. */
export function greetingFor(firstName: string | null): string {
  const name = firstName?.trim();
  return name ? t('Hello {name},', { name }) : t('Hello,');
}

/** The address of a page of the site in the language the mail is written in (`/zh/…`). */
export function pageUrl(site: string, path: string): string {
  return `${site}${localizedPath(currentLocale(), path)}`;
}
