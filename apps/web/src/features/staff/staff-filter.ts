import type { Role, StaffMember } from '@taxportal/contract';

/** Rows of the staff list drawn at once: a firm of a hundred people is not a hundred rows of switches. */
const STAFF_PAGE_SIZE = 20;

/**
 * The staff members whose name or e-mail holds every word typed (any case), of the role chosen (null: any role),
 * in the list's order.
 */
export function filterStaff(items: readonly StaffMember[], query: string, role: Role | null): StaffMember[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return items.filter(
    (m) =>
      (role === null || m.roles.includes(role)) &&
      words.every((w) => m.full_name.toLowerCase().includes(w) || m.email.toLowerCase().includes(w)),
  );
}

/** The rows of page `page` (from 1) and the number of pages; a page past the end shows the last one. */
export function pageOf<T>(
  items: readonly T[],
  page: number,
  size = STAFF_PAGE_SIZE,
): { rows: T[]; pages: number; page: number } {
  const pages = Math.max(1, Math.ceil(items.length / size));
  const at = Math.min(Math.max(1, page), pages);
  return { rows: items.slice((at - 1) * size, at * size), pages, page: at };
}
