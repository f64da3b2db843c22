import { Group, Pagination } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Page links under a numbered list (pages from 1), in a named `nav`; nothing when everything fits on one page. */
export function Pager({
  pages,
  page,
  onChange,
  label,
}: {
  /** How many pages the list has (the feature counts them: its page size is its own). */
  pages: number;
  page: number;
  onChange: (page: number) => void;
  /** The navigation's accessible name (the feature's text). */
  label: string;
}) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  return (
    <Group component="nav" aria-label={label} justify="center">
      <Pagination
        total={pages}
        value={page}
        onChange={onChange}
        // Mantine's arrows are icons alone: they get their names here.
        getControlProps={(control) =>
          control === 'previous'
            ? { 'aria-label': t('common.previousPage') }
            : control === 'next'
              ? { 'aria-label': t('common.nextPage') }
              : {}
        }
      />
    </Group>
  );
}
