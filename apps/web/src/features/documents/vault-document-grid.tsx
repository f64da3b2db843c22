import { SimpleGrid } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { showErrorToast, showSuccessToast } from '../../ui/toast.tsx';
import { useDeleteDocument, type Document } from './documents-api.ts';
import { VaultDocumentCard } from './vault-document-card.tsx';
import { VaultPreviewModal } from './vault-preview-modal.tsx';

/** A grid of document cards with the preview modal and the delete confirmation. */
export function VaultDocumentGrid({ docs, cols }: { docs: Document[]; cols?: Record<string, number> }) {
  const { t } = useTranslation();
  const [preview, setPreview] = useState<Document | null>(null);
  const [deleting, setDeleting] = useState<Document | null>(null);
  const remove = useDeleteDocument();
  return (
    <>
      <SimpleGrid cols={cols ?? { base: 2, xs: 3, md: 4, lg: 5 }} spacing="sm">
        {docs.map((d) => (
          <VaultDocumentCard key={d.id} doc={d} onPreview={setPreview} onDelete={setDeleting} />
        ))}
      </SimpleGrid>
      <VaultPreviewModal doc={preview} onClose={() => setPreview(null)} />
      <ConfirmDialog
        opened={deleting !== null}
        label={t('vault.delete')}
        message={t('vault.confirmDelete', { name: deleting?.file_name ?? '' })}
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () => showSuccessToast(t('vault.deleted')),
            onError: (err) => showErrorToast(err.message),
            onSettled: () => setDeleting(null),
          });
        }}
        testId="confirm-delete"
      />
    </>
  );
}
