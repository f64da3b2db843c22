import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { showErrorToast, showSuccessToast } from '../../ui/toast.tsx';
import { useSingleFlight } from '../../ui/use-single-flight.ts';
import { useDeleteDocument, type Document } from './documents-api.ts';
import { VaultPreviewModal } from './vault-preview-modal.tsx';

/** The preview modal and the delete confirmation that every list of vault documents opens. */
export function VaultDocumentDialogs({
  preview,
  deleting,
  onPreviewClose,
  onDeleteDone,
}: {
  preview: Document | null;
  deleting: Document | null;
  onPreviewClose: () => void;
  onDeleteDone: () => void;
}) {
  const { t } = useTranslation();
  const remove = useDeleteDocument();
  // One DELETE however often "Ok" is clicked (a second one answered "Document not found." though it was deleted).
  const confirmDelete = useSingleFlight(async (doc: Document) => {
    try {
      await remove.mutateAsync(doc.id);
      showSuccessToast(t('vault.deleted'));
    } catch (err) {
      showErrorToast((err as Error).message);
    } finally {
      onDeleteDone();
    }
  });
  const fulfils = deleting?.fulfils_requests ?? [];
  const message = [
    t('vault.confirmDelete', { name: deleting?.file_name ?? '' }),
    ...(fulfils.length ? [t('vault.fulfilsRequests', { labels: fulfils.map((r) => r.label).join(', ') })] : []),
  ].join(' ');
  return (
    <>
      <VaultPreviewModal doc={preview} onClose={onPreviewClose} />
      <ConfirmDialog
        opened={deleting !== null}
        label={t('vault.delete')}
        message={message}
        busy={remove.isPending}
        onCancel={onDeleteDone}
        onConfirm={() => {
          if (deleting) void confirmDelete(deleting);
        }}
        testId="confirm-delete"
      />
    </>
  );
}
