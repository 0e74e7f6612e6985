import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * The passwords that appear most often in breach corpora: the ranked list that zxcvbn-ts
 * maintains (@zxcvbn-ts/language-common, about 49,000 entries), checked offline. Only the
 * entries long enough to pass the length rule matter; they are compared in lower case, so
 * 'Password1' is as common as 'password1' (docs/security.md#account-passwords).
 */
let common: Set<string> | undefined;

function commonPasswords(): Set<string> {
  common ??= new Set(dictionary['passwords-common'].map((password) => password.toLowerCase()));
  return common;
}

export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}
