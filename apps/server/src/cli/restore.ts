/**
 * Restores an archive made by `npm run backup` into DATA_DIR; stop the portal first:
 *   BACKUP_PASSPHRASE=… npm run restore -- FILE [--passphrase-file FILE] [--force]
 * The archive is verified whole, and the encryption key checked, before DATA_DIR is touched. Without --force
 * a DATA_DIR that already holds data is left alone; with it, that data is moved aside, not deleted.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { restoreDataDir } from '../platform/backup/backup.ts';
import { readPassphrase } from '../platform/backup/passphrase.ts';
import { loadConfig } from '../platform/config.ts';
import { loadSecrets } from '../platform/secrets.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { 'passphrase-file': { type: 'string' }, force: { type: 'boolean' } },
});
const archive = positionals[0];
if (!archive || positionals.length > 1) {
  console.error('Usage: npm run restore -- FILE [--passphrase-file FILE] [--force]');
  process.exit(1);
}
try {
  const passphrase = readPassphrase(values['passphrase-file']);
  const config = loadConfig();
  const { manifest, movedAside } = await restoreDataDir({
    config,
    encryptionKey: () => loadSecrets(config).encryptionKey,
    passphrase,
    archive: path.resolve(archive),
    force: values.force === true,
  });
  console.log(`Restored the backup of ${manifest.created_at} into ${config.DATA_DIR}`);
  console.log(`  database ${manifest.database_bytes} bytes, ${manifest.files} document files`);
  if (movedAside) console.log(`  the data that was there is in ${movedAside} (delete it when you are sure)`);
} catch (err) {
  console.error(`Restore failed, nothing was changed: ${(err as Error).message}`);
  process.exit(1);
}
