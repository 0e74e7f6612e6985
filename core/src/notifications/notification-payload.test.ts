import { describe, expect, it } from 'vitest';
import { describeNotification, parseNotificationPayload } from './notification-payload.ts';

describe('notification payloads', () => {
  it('reads a stored payload and says what happened', () => {
    const payload = parseNotificationPayload({
      title: 'AlphaFold',
      path: '/tool/alphafold?tab=history',
      fields: ['Description', 'License'],
    });
    expect(payload).not.toBeNull();
    expect(describeNotification('item_fact_edited', payload!)).toBe('AlphaFold: Description, License changed');
    expect(describeNotification('item_review', { ...payload!, person: 'Ada Lovelace', rating: 4 })).toBe(
      'New review of AlphaFold by Ada Lovelace (4/5)',
    );
    expect(describeNotification('followed_new_item', { ...payload!, via: 'field', via_name: 'Biology' })).toBe(
      'New in Biology: AlphaFold',
    );
    expect(describeNotification('followed_new_item', { ...payload!, via: 'person', via_name: 'Ada Lovelace' })).toBe(
      'New by Ada Lovelace: AlphaFold',
    );
  });

  it('says how many new items one follow brought, with the first titles', () => {
    const several = parseNotificationPayload({
      title: 'Biology',
      path: '/browse?domain=biology&sort=recent',
      via: 'field',
      via_name: 'Biology',
      count: 3,
      titles: ['AlphaFold', 'RoseTTAFold', 'ESMFold'],
    });
    expect(several).not.toBeNull();
    expect(describeNotification('followed_new_item', several!)).toBe(
      '3 new in Biology: AlphaFold, RoseTTAFold and 1 more',
    );
    expect(
      describeNotification('followed_new_item', { ...several!, count: 2, titles: ['AlphaFold', 'RoseTTAFold'] }),
    ).toBe('2 new in Biology: AlphaFold and RoseTTAFold');
    expect(
      describeNotification('followed_new_item', { ...several!, via: 'organization', via_name: 'DeepMind', count: 40 }),
    ).toBe('40 new from DeepMind: AlphaFold, RoseTTAFold and 38 more');
    expect(describeNotification('followed_new_item', { ...several!, via: 'person', via_name: 'Ada Lovelace' })).toBe(
      '3 new by Ada Lovelace: AlphaFold, RoseTTAFold and 1 more',
    );
  });

  it('refuses a payload without a title or with an outside link', () => {
    expect(parseNotificationPayload({ path: '/tool/x' })).toBeNull();
    expect(parseNotificationPayload({ title: 'X', path: 'https://evil.example/' })).toBeNull();
    expect(parseNotificationPayload({ title: 'X', path: '//evil.example/' })).toBeNull();
    expect(parseNotificationPayload('not an object')).toBeNull();
  });
});
