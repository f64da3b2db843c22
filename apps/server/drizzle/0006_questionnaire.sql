CREATE TABLE "questionnaire_answers" (
	"ticket_id" text NOT NULL,
	"section" text NOT NULL,
	"customer_id" text NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"answered" integer DEFAULT 0 NOT NULL,
	"required" integer DEFAULT 0 NOT NULL,
	"prefilled_from_ticket_id" text,
	"updated_by" text,
	"updated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "questionnaire_answers_ticket_id_section_pk" PRIMARY KEY("ticket_id","section")
);
--> statement-breakpoint
ALTER TABLE "questionnaire_answers" ADD CONSTRAINT "questionnaire_answers_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_answers" ADD CONSTRAINT "questionnaire_answers_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_answers" ADD CONSTRAINT "questionnaire_answers_prefilled_from_ticket_id_tickets_id_fk" FOREIGN KEY ("prefilled_from_ticket_id") REFERENCES "public"."tickets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_answers" ADD CONSTRAINT "questionnaire_answers_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "questionnaire_answers_customer_idx" ON "questionnaire_answers" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "document_requests_source_key_idx" ON "document_requests" USING btree ("ticket_id","source_key") WHERE "document_requests"."source_key" is not null;
