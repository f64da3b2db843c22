CREATE TABLE "consents" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"group_id" text,
	"kind" text NOT NULL,
	"state" text DEFAULT 'sent' NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"preparer_name" text NOT NULL,
	"taxpayer_names" text NOT NULL,
	"purpose" text NOT NULL,
	"information" text NOT NULL,
	"recipient_name" text,
	"recipient_email" text,
	"ends_on" text,
	"body" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"signed_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"signature_name" text,
	"signature_factor" text,
	"signature_ip" text,
	"signature_user_agent" text,
	"text_sha256" text,
	"answered_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone,
	"withdrawn_by" text
);
--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_withdrawn_by_users_id_fk" FOREIGN KEY ("withdrawn_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consents_customer_idx" ON "consents" USING btree ("customer_id","kind","state");--> statement-breakpoint
CREATE INDEX "consents_created_idx" ON "consents" USING btree ("created_at","id");