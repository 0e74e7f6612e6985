export { buildCatalog, type BuildResult, type Snapshots } from './build.ts';
export { catalogFiles, CONTENT_FILES } from './catalog-files.ts';
export { BuiltItemSchema, type BuiltItem, type ItemSource } from './built-item.ts';
export { readSnapshotFile, PARSERS } from './parse-all.ts';
export { isMachineLearningTool } from './parsers/biotools-selection.ts';
export { SNAPSHOT_SOURCES, SOURCE_BY_ID, type SnapshotSourceConfig, type SourceId } from './sources.ts';
export type { SnapshotText, SourceRecord } from './record.ts';
export { FIELD_TREE, REQUIRED_FIELDS, fieldsOf, isUnder } from './taxonomy.ts';
export { handWrittenMatches, type HandWrittenMatch } from './hand-written.ts';
export { companyKey, mergeRecords, identityKeys } from './merge.ts';
export { normaliseLicense, type NormalisedLicense } from './license.ts';
export {
  defaultCatalog,
  loadableBuiltItem,
  type DefaultCatalog,
  type ItemProvenance,
  type LoadableItem,
} from './default-catalog.ts';
