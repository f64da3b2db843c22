import { Box, Button, Group, Image, Modal, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useIsPhone } from '../../ui/use-is-phone.ts';
import { inlineUrl, type Document } from './documents-api.ts';
import { canPreview } from './vault-groups.ts';

/** A document shown in a modal: an image as is, a PDF in a frame of its inline URL. */
export function VaultPreviewModal({ doc, onClose }: { doc: Document | null; onClose: () => void }) {
  const { t } = useTranslation();
  const isMobile = useIsPhone();
  return (
    <Modal
      opened={doc !== null}
      onClose={onClose}
      title={doc?.file_name}
      size="xl"
      fullScreen={isMobile}
      centered
      data-testid="document-preview"
    >
      {doc && (
        <>
          {!canPreview(doc) && <Text>{t('vault.noPreview')}</Text>}
          {canPreview(doc) && doc.content_type.startsWith('image/') && (
            <Image
              src={inlineUrl(doc)}
              alt={t('vault.previewOf', { name: doc.file_name })}
              fit="contain"
              mah="70vh"
              data-testid="preview-image"
            />
          )}
          {doc.content_type === 'application/pdf' && (
            <Box
              component="iframe"
              src={inlineUrl(doc)}
              title={t('vault.previewOf', { name: doc.file_name })}
              w="100%"
              h={isMobile ? 'calc(100vh - 140px)' : '70vh'}
              style={{ border: 0 }}
              data-testid="preview-pdf"
            />
          )}
          <Group justify="flex-end" mt="md">
            <Button
              component="a"
              href={doc.file_url}
              download={doc.file_name}
              variant="light"
              leftSection={<IconDownload size={18} aria-hidden />}
            >
              {t('vault.download')}
            </Button>
          </Group>
        </>
      )}
    </Modal>
  );
}
