CREATE TABLE "engagement_letter_batch_items" (
	"batch_id" text NOT NULL,
	"ticket_id" text NOT NULL,
	"outcome" text NOT NULL,
	"reason" text,
	"letter_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "engagement_letter_batch_items_batch_id_ticket_id_pk" PRIMARY KEY("batch_id","ticket_id")
);
--> statement-breakpoint
CREATE TABLE "engagement_letter_batches" (
	"id" text PRIMARY KEY NOT NULL,
	"tax_year" integer NOT NULL,
	"service_type_id" text,
	"template_id" text,
	"deposit_cents" integer,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "engagement_letter_batch_items" ADD CONSTRAINT "engagement_letter_batch_items_batch_id_engagement_letter_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."engagement_letter_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engagement_letter_batch_items" ADD CONSTRAINT "engagement_letter_batch_items_letter_id_engagement_letters_id_fk" FOREIGN KEY ("letter_id") REFERENCES "public"."engagement_letters"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engagement_letter_batches" ADD CONSTRAINT "engagement_letter_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "engagement_letter_batch_items_outcome_idx" ON "engagement_letter_batch_items" USING btree ("batch_id","outcome");--> statement-breakpoint
CREATE INDEX "engagement_letter_batches_created_idx" ON "engagement_letter_batches" USING btree ("created_at");