export { loadConfig, REPO_ROOT, type ServerConfig } from './config.ts';
export * from './web-bundle.ts';
export { migrateDatabase, startBackend, type Backend } from './backend.ts';
export type { PgliteDatabase } from './database/engine.ts';
export { buildGateway } from './gateway/app.ts';
export { DataDirLockedError, readLockOwner } from './data-dir/lock.ts';
export { advertiseServerAddress, readServerUrl } from './data-dir/server-address.ts';
export { loadOrCreateSecrets, type Secrets } from './data-dir/secrets.ts';
export { pruneOldLogs, parseLogRetentionDays, DEFAULT_LOG_RETENTION_DAYS } from './retention/log-retention.ts';
export { pruneExpiredAuthRows } from './retention/auth-retention.ts';
export {
  checkpointIfDue,
  maintainTables,
  needsTableMaintenance,
  startTableMaintenance,
} from './maintenance/table-maintenance.ts';
export { readBuiltCatalog, readDefaultCatalog, readHandWrittenCatalog } from './seed/catalog-files.ts';
export { readMailbox, MAILBOX_DIRECTORY, type StoredMail } from './auth/mailbox.ts';
export { currentGitHubToken, type ProviderToken } from './auth/oauth/provider-tokens.ts';
export { dumpDatabase } from './database/backup/dump.ts';
export { MAX_DUMP_BYTES } from './database/backup/dump-format.ts';
export {
  restoreDatabase,
  RestoreRefusedError,
  RESTORE_BRINGS_BACK,
  type RestoreResult,
} from './database/backup/restore.ts';
export { withOwnedDatabase } from './database/backup/owned-database.ts';
export { enrichSettings, linkVetter, parseEnrichLimits, ENRICH_LIMITS } from './enrich/enrich-settings.ts';
export { enrichDatabase, pgRpcCall } from './enrich/enrich-job.ts';
export * from './outbound/index.ts';
