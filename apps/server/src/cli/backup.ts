/**
 * Backs up the embedded default (database and documents) into one encrypted archive; stop the portal first:
 *   BACKUP_PASSPHRASE=… npm run backup [-- --out backups/taxportal.tpbk] [--passphrase-file FILE] [--force]
 * The data's encryption key is NOT in the archive: keep it separately (README, "Backup and restore").
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { backupDataDir } from '../platform/backup/backup.ts';
import { readPassphrase } from '../platform/backup/passphrase.ts';
import { loadConfig } from '../platform/config.ts';
import { loadSecrets } from '../platform/secrets.ts';

const { values } = parseArgs({
  options: { out: { type: 'string' }, 'passphrase-file': { type: 'string' }, force: { type: 'boolean' } },
});
try {
  const passphrase = readPassphrase(values['passphrase-file']);
  const config = loadConfig();
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, '').replace('T', '-');
  const out = path.resolve(values.out ?? path.join('backups', `taxportal-${stamp}.tpbk`));
  const manifest = await backupDataDir({
    config,
    encryptionKey: loadSecrets(config).encryptionKey,
    passphrase,
    out,
    force: values.force === true,
  });
  console.log(`Backup written: ${out}`);
  console.log(`  database ${manifest.database_bytes} bytes, ${manifest.files} document files (${manifest.storage})`);
  if (manifest.storage === 's3') console.log('  documents are in S3: protect them with bucket versioning/replication');
  console.log(`  encryption key check ${manifest.key_check}: the key itself is NOT in the archive; keep it`);
  console.log('  (ENCRYPTION_KEY or the key file) and the passphrase, each apart from the archive.');
} catch (err) {
  console.error(`Backup failed: ${(err as Error).message}`);
  process.exit(1);
}
