/**
 * Makes the first admin of a production install (which never gets demo users):
 *   npm run create-admin -- --email you@firm.com [--name "Full Name"]
 * The password is read from CREATE_ADMIN_PASSWORD or generated and printed once.
 */
import { parseArgs } from 'node:util';
import { randomToken } from '../platform/crypto.ts';
import { loadConfig } from '../platform/config.ts';
import { openDatabase } from '../platform/db/client.ts';
import { seedBase } from '../platform/db/seed.ts';
import { createUser } from '../platform/users.ts';
import { emailSchema } from '@taxportal/contract';

const { values } = parseArgs({ options: { email: { type: 'string' }, name: { type: 'string' } } });
const email = emailSchema.safeParse(values.email ?? '');
if (!email.success) {
  console.error('Usage: npm run create-admin -- --email you@firm.com [--name "Full Name"]');
  process.exit(1);
}
const config = loadConfig();
const database = openDatabase(config);
await database.migrate();
await seedBase(database.db);
const given = process.env.CREATE_ADMIN_PASSWORD;
const password = given && given.length >= 8 ? given : randomToken(12);
try {
  await createUser(database.db, {
    email: email.data,
    full_name: values.name ?? 'Administrator',
    password,
    roles: ['Admin'],
  });
  console.log(`Admin ${email.data} created.${given ? '' : ` Password (shown once): ${password}`}`);
} catch (err) {
  console.error((err as { code?: string }).code === '23505' ? `A user with e-mail ${email.data} already exists.` : err);
  process.exitCode = 1;
} finally {
  await database.close();
}
