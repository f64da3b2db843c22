CREATE TABLE "engagement_letter_signers" (
	"letter_id" text NOT NULL,
	"role" text NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"signed_at" timestamp with time zone,
	"method" text,
	"factor" text,
	"phone_last4" text,
	"stricter_check_off" boolean DEFAULT false NOT NULL,
	"ip" text,
	"user_agent" text,
	"typed_signature" text,
	"signature_png" text,
	CONSTRAINT "engagement_letter_signers_letter_id_role_pk" PRIMARY KEY("letter_id","role")
);
--> statement-breakpoint
CREATE TABLE "engagement_letters" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"spouse_id" text,
	"ticket_id" text,
	"tax_year" integer NOT NULL,
	"template_id" text,
	"template_version" integer,
	"state" text DEFAULT 'draft' NOT NULL,
	"body_html" text NOT NULL,
	"body_text" text NOT NULL,
	"sha256" text NOT NULL,
	"services" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"total_cents" integer DEFAULT 0 NOT NULL,
	"deposit_cents" integer,
	"deposit_invoice_id" text,
	"sent_at" timestamp with time zone,
	"viewed_at" timestamp with time zone,
	"signed_at" timestamp with time zone,
	"declined_at" timestamp with time zone,
	"decline_reason" text,
	"voided_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"reminders_sent" integer DEFAULT 0 NOT NULL,
	"signed_document_id" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "engagement_template_versions" (
	"id" text PRIMARY KEY NOT NULL,
	"template_id" text NOT NULL,
	"version" integer NOT NULL,
	"body" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "engagement_templates" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"service_type_id" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "engagement_letter_signers" ADD CONSTRAINT "engagement_letter_signers_letter_id_engagement_letters_id_fk" FOREIGN KEY ("letter_id") REFERENCES "public"."engagement_letters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engagement_letter_signers" ADD CONSTRAINT "engagement_letter_signers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engagement_letters" ADD CONSTRAINT "engagement_letters_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engagement_letters" ADD CONSTRAINT "engagement_letters_spouse_id_users_id_fk" FOREIGN KEY ("spouse_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engagement_letters" ADD CONSTRAINT "engagement_letters_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engagement_letters" ADD CONSTRAINT "engagement_letters_template_id_engagement_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."engagement_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engagement_letters" ADD CONSTRAINT "engagement_letters_deposit_invoice_id_invoices_id_fk" FOREIGN KEY ("deposit_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engagement_letters" ADD CONSTRAINT "engagement_letters_signed_document_id_documents_id_fk" FOREIGN KEY ("signed_document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engagement_letters" ADD CONSTRAINT "engagement_letters_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engagement_template_versions" ADD CONSTRAINT "engagement_template_versions_template_id_engagement_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."engagement_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engagement_template_versions" ADD CONSTRAINT "engagement_template_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engagement_templates" ADD CONSTRAINT "engagement_templates_service_type_id_service_types_id_fk" FOREIGN KEY ("service_type_id") REFERENCES "public"."service_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engagement_templates" ADD CONSTRAINT "engagement_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "engagement_letter_signers_user_idx" ON "engagement_letter_signers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "engagement_letters_customer_idx" ON "engagement_letters" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "engagement_letters_spouse_idx" ON "engagement_letters" USING btree ("spouse_id") WHERE "engagement_letters"."spouse_id" is not null;--> statement-breakpoint
CREATE INDEX "engagement_letters_ticket_idx" ON "engagement_letters" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "engagement_letters_open_idx" ON "engagement_letters" USING btree ("sent_at") WHERE "engagement_letters"."state" in ('sent', 'viewed');--> statement-breakpoint
CREATE UNIQUE INDEX "engagement_template_versions_key" ON "engagement_template_versions" USING btree ("template_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "engagement_templates_one_default_key" ON "engagement_templates" USING btree (coalesce("service_type_id", '')) WHERE "engagement_templates"."is_default";