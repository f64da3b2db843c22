import { ActionIcon, Alert, Button, Group, Modal, Paper, Table, Text, VisuallyHidden } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isApiError } from '../../lib/api/index.ts';
import { PageLoader } from '../../ui/page-loader.tsx';
import { showErrorToast, showSuccessToast } from '../../ui/toast.tsx';

export interface Column<T> {
  label: string;
  render: (row: T) => ReactNode;
}

export interface CatalogTableProps<T> {
  rows: T[] | undefined;
  rowKey: (row: T) => string;
  columns: Column<T>[];
  addLabel: string;
  onAdd: () => void;
  onEdit?: (row: T) => void;
  toolbar?: ReactNode;
  testId: string;
}

/** A catalogue list with an Add button and an edit button per row. */
export function CatalogTable<T>({
  rows,
  rowKey,
  columns,
  addLabel,
  onAdd,
  onEdit,
  toolbar,
  testId,
}: CatalogTableProps<T>) {
  const { t } = useTranslation();
  return (
    <>
      <Group justify="space-between" mb="md" gap="sm">
        <Group gap="sm">{toolbar}</Group>
        <Button leftSection={<IconPlus size={18} />} onClick={onAdd} data-testid={`${testId}-add`}>
          {addLabel}
        </Button>
      </Group>
      {!rows ? (
        <PageLoader />
      ) : rows.length === 0 ? (
        <Paper withBorder p="xl">
          <Text c="dimmed" ta="center">
            {t('catalog.empty')}
          </Text>
        </Paper>
      ) : (
        <Paper withBorder shadow="xs" p={0} style={{ overflow: 'hidden' }}>
          <Table.ScrollContainer minWidth={560} mb={0}>
            <Table verticalSpacing="sm" horizontalSpacing="md" data-testid={testId}>
              <Table.Thead>
                <Table.Tr>
                  {columns.map((c) => (
                    <Table.Th key={c.label}>{c.label}</Table.Th>
                  ))}
                  {onEdit && (
                    // A header with text a screen reader reads (an empty one is axe's empty-table-header).
                    <Table.Th w={60}>
                      <VisuallyHidden>{t('catalog.edit')}</VisuallyHidden>
                    </Table.Th>
                  )}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={rowKey(row)}>
                    {columns.map((c) => (
                      <Table.Td key={c.label}>{c.render(row)}</Table.Td>
                    ))}
                    {onEdit && (
                      <Table.Td>
                        <ActionIcon variant="subtle" aria-label={t('catalog.edit')} onClick={() => onEdit(row)}>
                          <IconPencil size={18} />
                        </ActionIcon>
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
    </>
  );
}

/** Runs a save; the server's field errors land on the form's fields, anything else in a toast. */
export async function saveWithErrors<V>(
  form: UseFormReturnType<V>,
  save: () => Promise<unknown>,
  messages: { saved: string },
): Promise<boolean> {
  try {
    await save();
    showSuccessToast(messages.saved);
    return true;
  } catch (err) {
    if (isApiError(err) && err.errors.length > 0) {
      for (const e of err.errors) form.setFieldError(e.field, e.message);
    } else {
      showErrorToast(errorMessage(err));
    }
    return false;
  }
}

/** The add/edit dialog around a form. */
export function EditModal({
  opened,
  title,
  onClose,
  onSubmit,
  busy,
  error,
  children,
}: {
  opened: boolean;
  title: string;
  onClose: () => void;
  onSubmit: () => void;
  busy: boolean;
  error?: string | null;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
        noValidate
      >
        {children}
        {error && (
          <Alert color="red" variant="light" mt="md">
            {error}
          </Alert>
        )}
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={busy} data-testid="catalog-save">
            {t('catalog.save')}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
