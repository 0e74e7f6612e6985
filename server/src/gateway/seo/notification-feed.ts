import {
  describeNotification,
  NOTIFICATION_KINDS,
  parseNotificationPayload,
  SITE_NAME,
  type NotificationKind,
} from '@sciai/core';
import { escapeXml } from './escape.ts';

/** One notification as notification_feed() lists it. */
export interface FeedNotification {
  id: number;
  kind: string;
  payload: unknown;
  created_at: string;
  read: boolean;
}

const isKind = (kind: string): kind is NotificationKind => (NOTIFICATION_KINDS as readonly string[]).includes(kind);

/**
 * A user's private Atom feed (docs/product.md#notification-feeds): each notification as the
 * line the app shows (describeNotification), linking where the app's entry links. The feed names
 * no address of its own: its address is the credential, and a copy of the document must not
 * carry it further. Entries whose payload does not have the shape are left out, as in the app.
 */
export function notificationAtomFeed(options: {
  origin: string;
  feedId: string;
  notifications: FeedNotification[];
}): string {
  const { origin } = options;
  const x = escapeXml;
  const host = new URL(origin).host;
  const entries = options.notifications.flatMap((notification) => {
    const payload = parseNotificationPayload(notification.payload);
    const created = new Date(notification.created_at);
    if (!payload || !isKind(notification.kind) || Number.isNaN(created.getTime())) return [];
    const url = `${origin}${payload.path}`;
    return [
      {
        updated: created,
        xml: [
          '<entry>',
          `<title>${x(describeNotification(notification.kind, payload))}</title>`,
          `<id>${x(`tag:${host},2026:notification:${notification.id}`)}</id>`,
          `<link rel="alternate" type="text/html" href="${x(url)}"/>`,
          `<updated>${created.toISOString()}</updated>`,
          '</entry>',
        ].join(''),
      },
    ];
  });
  const updated = entries.reduce((latest, entry) => Math.max(latest, entry.updated.getTime()), 0);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `<title>${x(`${SITE_NAME} — your notifications`)}</title>`,
    `<id>urn:uuid:${x(options.feedId)}</id>`,
    `<link rel="alternate" type="text/html" href="${x(`${origin}/notifications`)}"/>`,
    `<updated>${new Date(updated || Date.now()).toISOString()}</updated>`,
    `<author><name>${SITE_NAME}</name></author>`,
    `<generator>${SITE_NAME}</generator>`,
    ...entries.map((entry) => entry.xml),
    '</feed>',
    '',
  ].join('\n');
}
