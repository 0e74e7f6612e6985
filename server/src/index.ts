export { loadConfig, REPO_ROOT, type ServerConfig } from './config.ts';
export { startBackend, type Backend } from './backend.ts';
export type { PgliteDatabase } from './database/engine.ts';
export { buildGateway } from './gateway/app.ts';
export { DataDirLockedError, readLockOwner } from './data-dir/lock.ts';
export { loadOrCreateSecrets, type Secrets } from './data-dir/secrets.ts';
export { readSampleCatalog } from './seed/sample-catalog.ts';
export { readMailbox, MAILBOX_DIRECTORY, type StoredMail } from './auth/mailbox.ts';
