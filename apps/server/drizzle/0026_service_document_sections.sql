ALTER TABLE "services" ADD COLUMN "document_sections" text[] DEFAULT '{investment,expense,global_asset}'::text[] NOT NULL;--> statement-breakpoint
-- Hand-written: the starter catalogue's services that are not returns ask for no documents from the questionnaire
-- (an IRS notice, a consultation), and an FBAR filing only for foreign statements (issue 29). A firm that renamed
-- them keeps every section, as before; the catalogue screen changes it.
UPDATE "services" SET "document_sections" = '{global_asset}'::text[] WHERE "name" = 'FBAR (FinCEN 114) Filing';--> statement-breakpoint
UPDATE "services" SET "document_sections" = '{}'::text[] WHERE "name" IN ('IRS Notice Response', 'Tax Planning Consultation');
