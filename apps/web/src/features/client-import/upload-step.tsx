import '@mantine/dropzone/styles.layer.css';
import { Group, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconFileSpreadsheet, IconUpload, IconX } from '@tabler/icons-react';
import { CLIENT_IMPORT_MAX_BYTES, type ClientImport } from '@taxportal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUploadImport } from './client-import-api.ts';

/** Step 1: one CSV file, dropped or chosen; the server reads it and answers with its columns. */
export function UploadStep({ onUploaded }: { onUploaded: (imp: ClientImport) => void }) {
  const { t } = useTranslation();
  const upload = useUploadImport();
  const [rejected, setRejected] = useState(false);
  return (
    <Dropzone
      onDrop={(files) => {
        setRejected(false);
        const [file] = files;
        if (file) upload.mutate(file, { onSuccess: onUploaded });
      }}
      onReject={() => setRejected(true)}
      maxFiles={1}
      multiple={false}
      maxSize={CLIENT_IMPORT_MAX_BYTES}
      accept={{ 'text/csv': ['.csv'], 'text/plain': ['.csv', '.txt'], 'application/vnd.ms-excel': ['.csv'] }}
      loading={upload.isPending}
      data-testid="import-dropzone"
      aria-label={t('clientImport.drop')}
    >
      <Group justify="center" gap="md" mih={140} style={{ pointerEvents: 'none' }} wrap="nowrap">
        <Dropzone.Accept>
          <IconUpload size={40} aria-hidden />
        </Dropzone.Accept>
        <Dropzone.Reject>
          <IconX size={40} aria-hidden />
        </Dropzone.Reject>
        <Dropzone.Idle>
          <IconFileSpreadsheet size={40} aria-hidden />
        </Dropzone.Idle>
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Text fw={600}>{upload.isPending ? t('clientImport.uploading') : t('clientImport.drop')}</Text>
          <Text size="sm" c={rejected ? 'red' : 'dimmed'}>
            {rejected ? t('clientImport.dropReject') : t('clientImport.dropHint')}
          </Text>
        </Stack>
      </Group>
    </Dropzone>
  );
}
