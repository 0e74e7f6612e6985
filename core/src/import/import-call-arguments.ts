import type { Database, Json } from '../database.types.ts';
import type { ImportRpcName } from './write-import.ts';

type ImportFunctions = Pick<Database['public']['Functions'], ImportRpcName>;

/** One call of an import SQL function with the arguments its generated type names. */
export type TypedImportCall = {
  [Fn in ImportRpcName]: { fn: Fn; args: ImportFunctions[Fn]['Args'] };
}[ImportRpcName];

/**
 * The import hands each call a plain record (CallImportRpc); a client typed with the database
 * types (supabase-js in the browser and the CLI) takes each function's own arguments. This checks
 * one into the other, so a record that does not fit fails here, naming the argument, instead of
 * in SQL.
 */
export function typedImportCall(fn: ImportRpcName, args: Record<string, unknown>): TypedImportCall {
  switch (fn) {
    case 'find_existing_import_keys':
      return { fn, args: { content_type: text(args, 'content_type'), keys: texts(args, 'keys') } };
    case 'begin_import':
      return {
        fn,
        args: {
          content_type: text(args, 'content_type'),
          file_name: text(args, 'file_name'),
          summary: json(args, 'summary'),
        },
      };
    case 'stage_import_rows':
      return { fn, args: { batch_id: text(args, 'batch_id'), rows: json(args, 'rows') } };
    case 'commit_import':
    case 'discard_import':
      return { fn, args: { batch_id: text(args, 'batch_id') } };
    case 'refresh_catalog_statistics':
      return { fn, args: {} };
  }
}

function text(args: Record<string, unknown>, name: string): string {
  const value = args[name];
  if (typeof value !== 'string') throw new TypeError(`import call: ${name} must be text`);
  return value;
}

function texts(args: Record<string, unknown>, name: string): string[] {
  const value = args[name];
  if (Array.isArray(value)) {
    const items: unknown[] = value;
    if (items.every((item): item is string => typeof item === 'string')) return items;
  }
  throw new TypeError(`import call: ${name} must be a list of text`);
}

function json(args: Record<string, unknown>, name: string): Json {
  const value = args[name];
  if (!isJson(value)) throw new TypeError(`import call: ${name} must be JSON`);
  return value;
}

function isJson(value: unknown): value is Json {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(isJson);
  return typeof value === 'object' && Object.values(value).every((item) => item === undefined || isJson(item));
}
