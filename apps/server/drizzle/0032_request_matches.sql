CREATE TABLE "document_match_declines" (
	"document_id" text NOT NULL,
	"request_id" text NOT NULL,
	"declined_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_match_declines_document_id_request_id_pk" PRIMARY KEY("document_id","request_id")
);
--> statement-breakpoint
ALTER TABLE "document_requests" ADD COLUMN "fulfilled_by" text;--> statement-breakpoint
ALTER TABLE "document_requests" ADD COLUMN "fulfilled_via" text;--> statement-breakpoint
ALTER TABLE "document_match_declines" ADD CONSTRAINT "document_match_declines_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_match_declines" ADD CONSTRAINT "document_match_declines_request_id_document_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."document_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_match_declines" ADD CONSTRAINT "document_match_declines_declined_by_users_id_fk" FOREIGN KEY ("declined_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_requests" ADD CONSTRAINT "document_requests_fulfilled_by_users_id_fk" FOREIGN KEY ("fulfilled_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_requests_fulfilled_document_idx" ON "document_requests" USING btree ("fulfilled_document_id") WHERE "document_requests"."fulfilled_document_id" is not null;--> statement-breakpoint
-- Requests fulfilled before: by an upload from the request, the customer's own or staff's.
UPDATE "document_requests" AS r
SET "fulfilled_by" = d."uploaded_by",
    "fulfilled_via" = CASE WHEN d."uploaded_by" = r."customer_id" THEN 'upload' ELSE 'staff' END
FROM "documents" AS d
WHERE d."id" = r."fulfilled_document_id" AND r."status" = 'fulfilled';
