/**
 * Creates accounts of any role from a JSON file, until staff can be managed in the portal:
 *   npm run create-users -- --file users.json
 * The file holds `[{ "email", "full_name", "role", "password", "totp_secret"? }]`; with `totp_secret` (base32) the
 * account comes with that TOTP app enrolled (staff must have a second factor; the browser tests compute codes). The browser tests use it to make their
 * staff before the server starts (e2e/README.md): the embedded database is opened by one process at a time.
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { emailSchema, roleSchema } from '@taxportal/contract';
import { enrollTotp } from '../platform/auth/totp.ts';
import { loadConfig } from '../platform/config.ts';
import { openDatabase } from '../platform/db/client.ts';
import { loadSecrets } from '../platform/secrets.ts';
import { seedBase } from '../platform/db/seed.ts';
import { createUser } from '../platform/users.ts';

const fileSchema = z.array(
  z.object({
    email: emailSchema,
    full_name: z.string().min(1),
    role: roleSchema,
    password: z.string().min(8),
    totp_secret: z
      .string()
      .regex(/^[A-Z2-7]{26,}$/)
      .optional(),
  }),
);

const { values } = parseArgs({ options: { file: { type: 'string' } } });
if (!values.file) {
  console.error('Usage: npm run create-users -- --file users.json');
  process.exit(1);
}
const parsed = fileSchema.safeParse(JSON.parse(fs.readFileSync(values.file, 'utf8')));
if (!parsed.success) {
  console.error(`${values.file}: ${z.prettifyError(parsed.error)}`);
  process.exit(1);
}
const config = loadConfig();
// The keys the server will use (made and kept now if this is a new data directory): TOTP secrets are sealed.
const secrets = loadSecrets(config);
const database = openDatabase(config);
await database.migrate();
await seedBase(database.db);
try {
  for (const u of parsed.data) {
    const id = await createUser(database.db, {
      email: u.email,
      full_name: u.full_name,
      password: u.password,
      roles: [u.role],
    });
    if (u.totp_secret) await enrollTotp(database.db, secrets.encryptionKey, id, u.totp_secret);
  }
  console.log(`${parsed.data.length} user(s) created.`);
} catch (err) {
  const duplicate = (err as { code?: string }).code === '23505';
  console.error(duplicate ? 'A user with one of these e-mails already exists; none after it was created.' : err);
  process.exitCode = 1;
} finally {
  await database.close();
}
