import { Box, Button, Group, Modal } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useIsPhone } from '../../ui/use-is-phone.ts';
import { documentFileUrl } from './drafts-api.ts';

/** A PDF (a draft version, Form 8879) in a modal: a frame of the vault's inline URL, and a download. */
export function DraftsPreviewModal({
  file,
  onClose,
}: {
  file: { documentId: string; title: string; fileName: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  return (
    <Modal
      opened={file !== null}
      onClose={onClose}
      title={file?.title}
      size="xl"
      fullScreen={isPhone}
      centered
      data-testid="draft-preview-modal"
    >
      {file && (
        <>
          <Box
            component="iframe"
            src={documentFileUrl(file.documentId, true)}
            title={file.title}
            w="100%"
            h={isPhone ? 'calc(100vh - 140px)' : '70vh'}
            style={{ border: 0 }}
            data-testid="draft-preview-frame"
          />
          <Group justify="flex-end" mt="md">
            <Button
              component="a"
              href={documentFileUrl(file.documentId)}
              download={file.fileName}
              variant="light"
              leftSection={<IconDownload size={18} aria-hidden />}
            >
              {t('drafts.download')}
            </Button>
          </Group>
        </>
      )}
    </Modal>
  );
}
