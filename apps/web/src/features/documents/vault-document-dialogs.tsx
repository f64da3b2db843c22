import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { showErrorToast, showSuccessToast } from '../../ui/toast.tsx';
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
  return (
    <>
      <VaultPreviewModal doc={preview} onClose={onPreviewClose} />
      <ConfirmDialog
        opened={deleting !== null}
        label={t('vault.delete')}
        message={t('vault.confirmDelete', { name: deleting?.file_name ?? '' })}
        busy={remove.isPending}
        onCancel={onDeleteDone}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () => showSuccessToast(t('vault.deleted')),
            onError: (err) => showErrorToast(err.message),
            onSettled: onDeleteDone,
          });
        }}
        testId="confirm-delete"
      />
    </>
  );
}
