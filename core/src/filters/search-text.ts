/**
 * Text as search compares it (docs/product.md#browse-search), the same rules as the database's
 * fold_accents() and search_key() (supabase/schemas/05_search.sql).
 */

const LETTERS_WITHOUT_DECOMPOSITION: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  đ: 'd',
  ħ: 'h',
  ı: 'i',
  ŀ: 'l',
  ł: 'l',
  ø: 'o',
  ŧ: 't',
};

/** Lower case with accents dropped: "Schrödinger" → "schrodinger". */
export function foldAccents(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[ßæœđħıŀłøŧ]/g, (letter) => LETTERS_WITHOUT_DECOMPOSITION[letter] ?? letter);
}

/** A name's compact form, letters and digits only: "nnU-Net" → "nnunet", "alpha fold" → "alphafold". */
export function searchKey(text: string): string {
  return foldAccents(text).replace(/[^a-z0-9]+/g, '');
}
