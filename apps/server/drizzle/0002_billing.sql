CREATE TABLE "billing_sequences" (
	"series" text NOT NULL,
	"year" integer NOT NULL,
	"last_value" integer NOT NULL,
	CONSTRAINT "billing_sequences_series_year_pk" PRIMARY KEY("series","year")
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"id" text PRIMARY KEY NOT NULL,
	"invoice_id" text NOT NULL,
	"position" integer NOT NULL,
	"service_id" text,
	"description" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_amount_cents" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	CONSTRAINT "invoice_lines_amounts_check" CHECK ("invoice_lines"."quantity" > 0 and "invoice_lines"."unit_amount_cents" >= 0 and "invoice_lines"."amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "invoice_share_links" (
	"id" text PRIMARY KEY NOT NULL,
	"invoice_id" text NOT NULL,
	"created_by" text,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"ticket_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"status" text DEFAULT 'Draft' NOT NULL,
	"currency" text NOT NULL,
	"posting_date" date NOT NULL,
	"due_date" date NOT NULL,
	"tax_template_id" text,
	"tax_name" text,
	"tax_rate_bp" integer DEFAULT 0 NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"tax_cents" integer NOT NULL,
	"grand_total_cents" integer NOT NULL,
	"paid_cents" integer DEFAULT 0 NOT NULL,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"payment_intent_id" text,
	"payment_attempt" integer DEFAULT 0 NOT NULL,
	"last_payment_error" text,
	"created_by" text,
	"issued_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_status_check" CHECK ("invoices"."status" in ('Draft', 'Unpaid', 'Paid', 'Cancelled', 'Refunded')),
	CONSTRAINT "invoices_amounts_check" CHECK ("invoices"."subtotal_cents" >= 0 and "invoices"."tax_cents" >= 0 and "invoices"."grand_total_cents" >= 0 and "invoices"."paid_cents" >= 0 and "invoices"."refunded_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_entries" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"invoice_id" text NOT NULL,
	"party" text NOT NULL,
	"party_name" text NOT NULL,
	"posting_date" date NOT NULL,
	"paid_amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"reference_number" text NOT NULL,
	"reference_date" date NOT NULL,
	"mode_of_payment" text DEFAULT 'Card' NOT NULL,
	"reference_name" text NOT NULL,
	"provider" text NOT NULL,
	"status" text DEFAULT 'Submitted' NOT NULL,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"refund_reference" text,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_entries_status_check" CHECK ("payment_entries"."status" in ('Submitted', 'Partly Refunded', 'Refunded')),
	CONSTRAINT "payment_entries_amounts_check" CHECK ("payment_entries"."paid_amount_cents" > 0 and "payment_entries"."refunded_cents" >= 0 and "payment_entries"."refunded_cents" <= "payment_entries"."paid_amount_cents")
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"type" text NOT NULL,
	"invoice_id" text,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_payment_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"client_secret" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"metadata" jsonb NOT NULL,
	"last_payment_error" text,
	"amount_refunded" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_share_links" ADD CONSTRAINT "invoice_share_links_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_share_links" ADD CONSTRAINT "invoice_share_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_tax_template_id_tax_templates_id_fk" FOREIGN KEY ("tax_template_id") REFERENCES "public"."tax_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_entries" ADD CONSTRAINT "payment_entries_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_entries" ADD CONSTRAINT "payment_entries_party_users_id_fk" FOREIGN KEY ("party") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_lines_invoice_idx" ON "invoice_lines" USING btree ("invoice_id","position");--> statement-breakpoint
CREATE INDEX "invoice_share_links_invoice_idx" ON "invoice_share_links" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_name_key" ON "invoices" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_live_ticket_key" ON "invoices" USING btree ("ticket_id") WHERE "invoices"."status" not in ('Cancelled', 'Refunded');--> statement-breakpoint
CREATE INDEX "invoices_created_idx" ON "invoices" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "invoices_customer_created_idx" ON "invoices" USING btree ("customer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "invoices_status_due_idx" ON "invoices" USING btree ("status","due_date");--> statement-breakpoint
CREATE INDEX "invoices_posting_date_idx" ON "invoices" USING btree ("posting_date");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_entries_name_key" ON "payment_entries" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_entries_reference_number_key" ON "payment_entries" USING btree ("reference_number");--> statement-breakpoint
CREATE INDEX "payment_entries_invoice_idx" ON "payment_entries" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "payment_entries_created_idx" ON "payment_entries" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "payment_entries_posting_date_idx" ON "payment_entries" USING btree ("posting_date");--> statement-breakpoint
CREATE UNIQUE INDEX "test_payment_intents_idempotency_key" ON "test_payment_intents" USING btree ("idempotency_key");