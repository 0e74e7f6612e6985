import type { ActivityEntry } from '../../../data/admin-schemas.ts';
import { t } from '@sciai/core';

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** 'yes'/'no' for an ICU select that shows a part of the sentence only when it has a value. */
const has = (value: unknown) => (value === undefined || value === null || value === '' ? 'no' : 'yes');

/** A readable line for an activity-log entry; unknown kinds still read as words. */
export function describeActivity(entry: Pick<ActivityEntry, 'activity_type' | 'activity_data' | 'email'>): string {
  const data = entry.activity_data;
  const who = entry.email ?? text(data.email) ?? t('Someone');
  const target = text(data.target_email) ?? t('a user');
  const title = text(data.title);
  const values = { who, target, title, hasTitle: has(title) };
  switch (entry.activity_type) {
    case 'sign_up':
      return t('{who} signed up', values);
    case 'sign_in_failure':
      return t('Failed sign-in for {email}{hasMessage, select, yes {: {message}} other {}}', {
        email: text(data.email) ?? t('an unknown address'),
        message: text(data.message),
        hasMessage: has(text(data.message)),
      });
    case 'admin_role_changed':
      return t(
        '{who} made {target} {role, select, user {a regular user} moderator {a moderator} admin {an admin} none {a new role} other {a {role}}}',
        { ...values, role: text(data.role) ?? 'none' },
      );
    case 'admin_user_banned':
      return t('{who} banned {target}', values);
    case 'admin_user_unbanned':
      return t('{who} lifted the ban on {target}', values);
    case 'verification_approved':
      return t('{who} approved the verification of {target}', values);
    case 'verification_rejected':
      return t('{who} rejected the verification of {target}', values);
    case 'admin_item_updated':
      return t('{who} edited {hasTitle, select, yes {“{title}”} other {an item}}', values);
    case 'submission_created':
      return t('{who} submitted {hasTitle, select, yes {“{title}”} other {a contribution}}', values);
    case 'submission_approved':
      return t('{who} approved {hasTitle, select, yes {“{title}”} other {a contribution}}', values);
    case 'submission_rejected':
      return t('{who} rejected {hasTitle, select, yes {“{title}”} other {a contribution}}', values);
    case 'submission_changes_requested':
      return t('{who} asked for changes to {hasTitle, select, yes {“{title}”} other {a contribution}}', values);
    case 'item_claim_approved':
      return t('{who} approved a claim of {hasTitle, select, yes {“{title}”} other {an item}}', values);
    case 'item_claim_rejected':
      return t('{who} rejected a claim of {hasTitle, select, yes {“{title}”} other {an item}}', values);
    case 'item_claim_revoked':
      return t('{who} revoked the maintainer of {hasTitle, select, yes {“{title}”} other {an item}}', values);
    case 'csv_import': {
      const importValues = {
        who,
        type: text(data.content_type) ?? 'item',
        file: text(data.file_name),
        hasFile: has(text(data.file_name)),
      };
      return typeof data.inserted === 'number'
        ? t('{who} imported {count} {type} rows{hasFile, select, yes { from {file}} other {}}', {
            ...importValues,
            count: data.inserted,
          })
        : t('{who} imported some {type} rows{hasFile, select, yes { from {file}} other {}}', importValues);
    }
    case 'admin_setting_changed': {
      const setting = text(data.key)?.replaceAll('_', ' ');
      const settingValues = { who, setting, hasSetting: has(setting) };
      return data.value === true
        ? t('{who} turned {hasSetting, select, yes {{setting}} other {a setting}} on', settingValues)
        : t('{who} turned {hasSetting, select, yes {{setting}} other {a setting}} off', settingValues);
    }
    default: {
      if (entry.activity_type.startsWith('security_')) {
        const kind = entry.activity_type.slice('security_'.length).replaceAll('_', ' ');
        return t(
          'Security event ({severity}): {kind}{hasPath, select, yes { on {path}} other {}}{hasEmail, select, yes { by {email}} other {}}',
          {
            severity: text(data.severity) ?? 'high',
            kind,
            path: text(data.path),
            hasPath: has(text(data.path)),
            email: entry.email,
            hasEmail: has(entry.email),
          },
        );
      }
      // An activity kind without its own sentence reads as its code's words.
      const words = entry.activity_type.replaceAll('_', ' ');
      return t('{event}{hasEmail, select, yes { by {email}} other {}}{hasTitle, select, yes {: “{title}”} other {}}', {
        ...values,
        event: `${words.charAt(0).toUpperCase()}${words.slice(1)}`,
        email: entry.email,
        hasEmail: has(entry.email),
      });
    }
  }
}
