import { z } from 'zod';

/** Every role a user can hold. `Customer` is the taxpayer; every other role is staff. */
export const ROLES = ['Customer', 'Admin', 'Customer Care Department', 'Tax Preparer', 'Reviewer'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = (typeof ROLES)[number];

export const STAFF_ROLES = ROLES.filter((r) => r !== 'Customer') as Exclude<Role, 'Customer'>[];
/** Roles that see Open Request (SPEC §2). */
export const OPEN_REQUEST_ROLES: readonly Role[] = ['Admin', 'Customer Care Department'];

export const isStaffRole = (role: Role): boolean => role !== 'Customer';
export const hasAnyRole = (roles: readonly Role[], wanted: readonly Role[]): boolean =>
  roles.some((r) => wanted.includes(r));
