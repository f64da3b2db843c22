import { Button, Group, Modal, Select, Stack } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { endpoints, localText } from '@taxportal/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/api/index.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { DocumentUploader } from '../documents/index.ts';
import { useDescription } from './organizer-description.tsx';
import type { FieldProps } from './organizer-fields.tsx';

/** The ticket's documents to choose from; under the vault's key, so an upload anywhere refreshes it. */
function useTicketDocuments(ticketId: string) {
  return useQuery({
    queryKey: [...queryKeys.documents, 'organizer-choice', ticketId],
    queryFn: ({ signal }) => call(endpoints.listDocuments, { query: { limit: 100, ticket_id: ticketId }, signal }),
  });
}

/** A document of the vault: one of this ticket's, or a new one uploaded through the vault's uploader. */
export function FileField({ question, value, error, onChange, language, testId, ticketId, carriedYear }: FieldProps) {
  const { t } = useTranslation();
  const [uploading, setUploading] = useState(false);
  const docs = useTicketDocuments(ticketId);
  const label = localText(question.label, language);
  const options = (docs.data?.items ?? []).map((d) => ({
    value: d.id,
    label: d.document_type_name ? `${d.file_name} (${d.document_type_name})` : d.file_name,
  }));
  const chosen = typeof value === 'string' ? value : null;
  // A document chosen before that is not in this ticket's list (filed elsewhere since) still shows as chosen.
  if (chosen && !options.some((o) => o.value === chosen))
    options.unshift({ value: chosen, label: t('organizer.file.other') });
  const description = useDescription(question, language, carriedYear);
  return (
    <Stack gap={6}>
      <Select
        label={label}
        description={description}
        placeholder={options.length ? t('organizer.file.choose') : t('organizer.file.none')}
        data={options}
        value={chosen}
        onChange={(v) => onChange(v)}
        clearable
        error={error}
        comboboxProps={{ withinPortal: true }}
        data-testid={testId}
      />
      <Group>
        <Button
          variant="light"
          size="compact-sm"
          leftSection={<IconUpload size={14} aria-hidden />}
          onClick={() => setUploading(true)}
          aria-label={`${t('organizer.file.upload')}: ${label}`}
        >
          {t('organizer.file.upload')}
        </Button>
      </Group>
      <Modal opened={uploading} onClose={() => setUploading(false)} title={label} size="lg">
        {uploading && (
          <DocumentUploader
            ticketId={ticketId}
            onUploaded={(uploaded) => {
              setUploading(false);
              if (uploaded[0]) onChange(uploaded[0].id);
            }}
          />
        )}
      </Modal>
    </Stack>
  );
}
