/** What the rest of the server may use of backups (docs/decisions/0005). */
export { parseBackupInterval } from './rules';
