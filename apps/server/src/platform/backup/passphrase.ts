import fs from 'node:fs';

export const PASSPHRASE_MIN = 12;

/**
 * The archive's passphrase: the first line of `--passphrase-file`, else BACKUP_PASSPHRASE. Never an argument
 * (it would show in the process list and the shell's history).
 */
export function readPassphrase(file: string | undefined): string {
  const raw = file ? fs.readFileSync(file, 'utf8').split(/\r?\n/)[0] : process.env.BACKUP_PASSPHRASE;
  if (!raw || raw.length < PASSPHRASE_MIN)
    throw new Error(
      `a backup passphrase of at least ${PASSPHRASE_MIN} characters is needed: set BACKUP_PASSPHRASE or pass ` +
        '--passphrase-file FILE. Keep it apart from the archive and from the data.',
    );
  return raw;
}
