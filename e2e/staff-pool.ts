import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { generateSecret } from 'otplib';
import type { Role } from '@taxportal/contract';

/**
 * This run's staff accounts. There is no staff-management API yet, and the embedded database is opened by
 * one process at a time, so staff cannot be made while the server runs: the config writes a pool of unique
 * accounts per role, the server's `create-users` command creates them before the server starts, and each
 * test takes accounts no other test has had (`claimStaff`). Customers are made through registration.
 */
export type StaffRole = Exclude<Role, 'Customer'>;
export const STAFF_ROLES: readonly StaffRole[] = ['Admin', 'Customer Care Department', 'Tax Preparer', 'Reviewer'];

export interface StaffUser {
  email: string;
  full_name: string;
  password: string;
  role: StaffRole;
  /** Staff must have a second factor: each comes with a TOTP app (base32 secret); tests compute the codes. */
  totp_secret: string;
}

/**
 * Accounts per role: what a run takes (one per staff sign-in of each test; global teardown prints it) and a
 * quarter more for retries. Each is hashed and enrolled before the server starts, so the pool is sized, not
 * generous. E2E_STAFF_PER_ROLE sets one number for every role.
 */
const POOL: Record<StaffRole, number> = { Admin: 80, 'Customer Care Department': 18, 'Tax Preparer': 75, Reviewer: 8 };
export const poolSize = (role: StaffRole): number => Number(process.env.E2E_STAFF_PER_ROLE ?? POOL[role]);

const FIRST_NAME: Record<StaffRole, string> = {
  Admin: 'Avery',
  'Customer Care Department': 'Cameron',
  'Tax Preparer': 'Parker',
  Reviewer: 'Riley',
};
const SLUG: Record<StaffRole, string> = {
  Admin: 'admin',
  'Customer Care Department': 'care',
  'Tax Preparer': 'preparer',
  Reviewer: 'reviewer',
};

/** The role's part of a pool account's e-mail and claim file. */
export const slugOf = (role: StaffRole): string => SLUG[role];

export const staffFile = (dataDir: string) => path.join(dataDir, 'e2e-staff.json');
const claimsDir = (dataDir: string) => path.join(dataDir, 'e2e-claims');

/** Letters only, as in a real name: a run of 7+ digits typed in a search box is read as a phone number. */
export function letters(count: number): string {
  return [...randomUUID().replace(/-/g, '').slice(0, count)].map((c) => 'abcdefghijklmnop'[parseInt(c, 16)]).join('');
}

/** Writes the run's staff accounts (read by `create-users` and by `claimStaff`). */
export function writeStaffPool(dataDir: string): void {
  const run = randomUUID().slice(0, 6);
  const pool: StaffUser[] = STAFF_ROLES.flatMap((role) =>
    Array.from({ length: poolSize(role) }, (_, i) => {
      const surname = letters(8);
      return {
        email: `e2e-${run}-${SLUG[role]}-${i}@example.test`,
        full_name: `${FIRST_NAME[role]} ${surname[0]!.toUpperCase()}${surname.slice(1)}`,
        password: `pw-${randomUUID()}`,
        role,
        totp_secret: generateSecret(),
      };
    }),
  );
  fs.writeFileSync(staffFile(dataDir), JSON.stringify(pool, null, 2));
  fs.mkdirSync(claimsDir(dataDir), { recursive: true });
}

let pool: StaffUser[] | undefined;

/** A staff account of the role that no other test of the run has taken (across workers: a file per claim). */
export function claimStaff(role: StaffRole): StaffUser {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run the tests through playwright.config.ts');
  pool ??= JSON.parse(fs.readFileSync(staffFile(dataDir), 'utf8')) as StaffUser[];
  const ofRole = pool.filter((u) => u.role === role);
  for (const [i, user] of ofRole.entries()) {
    try {
      fs.closeSync(fs.openSync(path.join(claimsDir(dataDir), `${SLUG[role]}-${i}`), 'wx'));
      return user;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  throw new Error(`All ${ofRole.length} ${role} accounts of this run are taken: raise E2E_STAFF_PER_ROLE.`);
}
