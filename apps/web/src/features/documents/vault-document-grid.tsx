import { SimpleGrid } from '@mantine/core';
import { useState } from 'react';
import type { Document } from './documents-api.ts';
import { VaultDocumentCard } from './vault-document-card.tsx';
import { VaultDocumentDialogs } from './vault-document-dialogs.tsx';

/** A grid of document cards with the preview modal and the delete confirmation. */
export function VaultDocumentGrid({ docs, cols }: { docs: Document[]; cols?: Record<string, number> }) {
  const [preview, setPreview] = useState<Document | null>(null);
  const [deleting, setDeleting] = useState<Document | null>(null);
  return (
    <>
      <SimpleGrid cols={cols ?? { base: 1, sm: 3, md: 4, lg: 5 }} spacing="sm">
        {docs.map((d) => (
          <VaultDocumentCard key={d.id} doc={d} onPreview={setPreview} onDelete={setDeleting} />
        ))}
      </SimpleGrid>
      <VaultDocumentDialogs
        preview={preview}
        deleting={deleting}
        onPreviewClose={() => setPreview(null)}
        onDeleteDone={() => setDeleting(null)}
      />
    </>
  );
}
