CREATE TABLE "organizer_templates" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"service_id" text,
	"tax_year" integer,
	"archived_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organizer_versions" (
	"id" text PRIMARY KEY NOT NULL,
	"template_id" text NOT NULL,
	"version" integer NOT NULL,
	"definition" jsonb NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	"published_by" text
);
--> statement-breakpoint
CREATE TABLE "ticket_organizers" (
	"ticket_id" text PRIMARY KEY NOT NULL,
	"template_id" text NOT NULL,
	"version_id" text NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"carried_from_ticket_id" text,
	"carried" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"answered" integer DEFAULT 0 NOT NULL,
	"required" integer DEFAULT 0 NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organizer_templates" ADD CONSTRAINT "organizer_templates_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organizer_templates" ADD CONSTRAINT "organizer_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organizer_versions" ADD CONSTRAINT "organizer_versions_template_id_organizer_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."organizer_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organizer_versions" ADD CONSTRAINT "organizer_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organizer_versions" ADD CONSTRAINT "organizer_versions_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_organizers" ADD CONSTRAINT "ticket_organizers_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_organizers" ADD CONSTRAINT "ticket_organizers_template_id_organizer_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."organizer_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_organizers" ADD CONSTRAINT "ticket_organizers_version_id_organizer_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."organizer_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_organizers" ADD CONSTRAINT "ticket_organizers_carried_from_ticket_id_tickets_id_fk" FOREIGN KEY ("carried_from_ticket_id") REFERENCES "public"."tickets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_organizers" ADD CONSTRAINT "ticket_organizers_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "organizer_templates_applies_idx" ON "organizer_templates" USING btree ("service_id","tax_year");--> statement-breakpoint
CREATE UNIQUE INDEX "organizer_versions_template_version_key" ON "organizer_versions" USING btree ("template_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "organizer_versions_one_draft_key" ON "organizer_versions" USING btree ("template_id") WHERE "organizer_versions"."published_at" is null;--> statement-breakpoint
CREATE INDEX "ticket_organizers_template_idx" ON "ticket_organizers" USING btree ("template_id");