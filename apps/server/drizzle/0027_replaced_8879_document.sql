-- A replaced Form 8879 request loses its unsigned PDF (deleted when staff prepare the new one, so the ticket
-- shows one 8879): its row stays as history with document_id null. Pending and completed ones always have it.
ALTER TABLE "signing_requests" ALTER COLUMN "document_id" DROP NOT NULL;
