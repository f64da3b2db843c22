CREATE TABLE "signatures" (
	"id" text PRIMARY KEY NOT NULL,
	"signing_request_id" text NOT NULL,
	"signer_role" text NOT NULL,
	"signer_user_id" text,
	"signer_name" text NOT NULL,
	"signer_email" text NOT NULL,
	"method" text NOT NULL,
	"confirmation" text NOT NULL,
	"ip" text NOT NULL,
	"user_agent" text NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"signed_document_id" text NOT NULL,
	"retain_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signing_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"ticket_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"document_id" text NOT NULL,
	"unsigned_sha256" text NOT NULL,
	"source" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"taxpayer_name" text NOT NULL,
	"joint" boolean DEFAULT false NOT NULL,
	"spouse_name" text,
	"spouse_email" text,
	"spouse_code_hash" text,
	"spouse_code_expires_at" timestamp with time zone,
	"taxpayer_failures" integer DEFAULT 0 NOT NULL,
	"spouse_failures" integer DEFAULT 0 NOT NULL,
	"signed_document_id" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "tax_drafts" (
	"id" text PRIMARY KEY NOT NULL,
	"ticket_id" text NOT NULL,
	"document_id" text NOT NULL,
	"version" integer NOT NULL,
	"label" text DEFAULT 'Draft' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"note" text,
	"uploaded_by" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"decision_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "signatures" ADD CONSTRAINT "signatures_signing_request_id_signing_requests_id_fk" FOREIGN KEY ("signing_request_id") REFERENCES "public"."signing_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signatures" ADD CONSTRAINT "signatures_signer_user_id_users_id_fk" FOREIGN KEY ("signer_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signatures" ADD CONSTRAINT "signatures_signed_document_id_documents_id_fk" FOREIGN KEY ("signed_document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_requests" ADD CONSTRAINT "signing_requests_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_requests" ADD CONSTRAINT "signing_requests_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_requests" ADD CONSTRAINT "signing_requests_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_requests" ADD CONSTRAINT "signing_requests_signed_document_id_documents_id_fk" FOREIGN KEY ("signed_document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_requests" ADD CONSTRAINT "signing_requests_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_drafts" ADD CONSTRAINT "tax_drafts_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_drafts" ADD CONSTRAINT "tax_drafts_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_drafts" ADD CONSTRAINT "tax_drafts_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_drafts" ADD CONSTRAINT "tax_drafts_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "signatures_request_role_key" ON "signatures" USING btree ("signing_request_id","signer_role");--> statement-breakpoint
CREATE INDEX "signatures_document_idx" ON "signatures" USING btree ("signed_document_id");--> statement-breakpoint
CREATE INDEX "signing_requests_ticket_idx" ON "signing_requests" USING btree ("ticket_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_drafts_ticket_version_key" ON "tax_drafts" USING btree ("ticket_id","version");
