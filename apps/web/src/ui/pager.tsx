import { Group, Pagination } from '@mantine/core';

/** Page links under a numbered list (pages from 1), in a named `nav`; nothing when everything fits on one page. */
export function Pager({
  total,
  page,
  pageSize,
  onChange,
  label,
}: {
  total: number;
  page: number;
  pageSize: number;
  onChange: (page: number) => void;
  /** The navigation's accessible name (the feature's text). */
  label: string;
}) {
  const pages = Math.ceil(total / pageSize);
  if (pages <= 1) return null;
  return (
    <Group component="nav" aria-label={label} justify="center">
      <Pagination total={pages} value={page} onChange={onChange} />
    </Group>
  );
}
