import { msg, t } from '../../../i18n/index.ts';

/** An item's status as a menu or select names it ('Published'). */
const STATUS_LABELS: Record<string, string> = {
  draft: msg('Draft'),
  pending: msg('Pending'),
  published: msg('Published'),
  rejected: msg('Rejected'),
  archived: msg('Archived'),
};

/** An item's status as a badge or count shows it, lower case as the database stores it ('published'). */
const STATUS_NAMES: Record<string, string> = {
  draft: msg('draft'),
  pending: msg('pending'),
  published: msg('published'),
  rejected: msg('rejected'),
  archived: msg('archived'),
};

/** A content type, lower case as the database stores it ('software'). */
const TYPE_NAMES: Record<string, string> = {
  software: msg('software'),
  paper: msg('paper'),
  company: msg('company'),
  agent: msg('agent'),
};

const translated = (labels: Record<string, string>, key: string) => (labels[key] ? t(labels[key]) : key);

export const statusLabel = (status: string) => translated(STATUS_LABELS, status);
export const statusName = (status: string) => translated(STATUS_NAMES, status);
export const typeName = (type: string) => translated(TYPE_NAMES, type);
