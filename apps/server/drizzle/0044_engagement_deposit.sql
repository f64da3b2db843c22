DROP INDEX "invoices_live_ticket_key";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "kind" text DEFAULT 'invoice' NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_credits" ADD COLUMN "ticket_id" text;--> statement-breakpoint
ALTER TABLE "customer_credits" ADD COLUMN "withdrawn_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_credits" ADD CONSTRAINT "customer_credits_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "engagement_letters_deposit_invoice_key" ON "engagement_letters" USING btree ("deposit_invoice_id") WHERE "engagement_letters"."deposit_invoice_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_live_ticket_key" ON "invoices" USING btree ("ticket_id") WHERE "invoices"."status" not in ('Cancelled', 'Refunded') and "invoices"."kind" = 'invoice';--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_kind_check" CHECK ("invoices"."kind" in ('invoice', 'deposit'));--> statement-breakpoint
ALTER TABLE "customer_credits" ADD CONSTRAINT "customer_credits_withdrawn_check" CHECK ("customer_credits"."withdrawn_cents" >= 0 and "customer_credits"."withdrawn_cents" <= "customer_credits"."amount_cents");