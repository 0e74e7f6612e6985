import type { ActivityEntry } from '../../../data/admin-schemas.ts';

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** A readable line for an activity-log entry; unknown kinds still read as words. */
export function describeActivity(entry: Pick<ActivityEntry, 'activity_type' | 'activity_data' | 'email'>): string {
  const data = entry.activity_data;
  const who = entry.email ?? text(data.email) ?? 'Someone';
  const target = text(data.target_email) ?? 'a user';
  const title = text(data.title);
  switch (entry.activity_type) {
    case 'sign_up':
      return `${who} signed up`;
    case 'sign_in_failure':
      return `Failed sign-in for ${text(data.email) ?? 'an unknown address'}${text(data.message) ? `: ${text(data.message)}` : ''}`;
    case 'admin_role_changed':
      return `${who} made ${target} ${text(data.role) === 'user' ? 'a regular user' : `a ${text(data.role) ?? 'new role'}`}`;
    case 'admin_user_banned':
      return `${who} banned ${target}`;
    case 'admin_user_unbanned':
      return `${who} lifted the ban on ${target}`;
    case 'verification_approved':
      return `${who} approved the verification of ${target}`;
    case 'verification_rejected':
      return `${who} rejected the verification of ${target}`;
    case 'admin_item_updated':
      return `${who} edited ${title ? `“${title}”` : 'an item'}`;
    case 'submission_created':
      return `${who} submitted ${title ? `“${title}”` : 'a contribution'}`;
    case 'submission_approved':
      return `${who} approved ${title ? `“${title}”` : 'a contribution'}`;
    case 'submission_rejected':
      return `${who} rejected ${title ? `“${title}”` : 'a contribution'}`;
    case 'submission_changes_requested':
      return `${who} asked for changes to ${title ? `“${title}”` : 'a contribution'}`;
    case 'item_claim_approved':
      return `${who} approved a claim of ${title ? `“${title}”` : 'an item'}`;
    case 'item_claim_rejected':
      return `${who} rejected a claim of ${title ? `“${title}”` : 'an item'}`;
    case 'item_claim_revoked':
      return `${who} revoked the maintainer of ${title ? `“${title}”` : 'an item'}`;
    case 'csv_import':
      return `${who} imported ${typeof data.inserted === 'number' ? data.inserted : 'some'} ${text(data.content_type) ?? 'item'} rows${
        text(data.file_name) ? ` from ${text(data.file_name)}` : ''
      }`;
    case 'admin_setting_changed':
      return `${who} turned ${text(data.key)?.replaceAll('_', ' ') ?? 'a setting'} ${data.value === true ? 'on' : 'off'}`;
    default: {
      if (entry.activity_type.startsWith('security_')) {
        const kind = entry.activity_type.slice('security_'.length).replaceAll('_', ' ');
        return `Security event (${text(data.severity) ?? 'high'}): ${kind}${text(data.path) ? ` on ${text(data.path)}` : ''}${entry.email ? ` by ${entry.email}` : ''}`;
      }
      const words = entry.activity_type.replaceAll('_', ' ');
      const subject = title ? `: “${title}”` : '';
      return `${words.charAt(0).toUpperCase()}${words.slice(1)}${entry.email ? ` by ${entry.email}` : ''}${subject}`;
    }
  }
}
