CREATE TABLE "household_dependent_declines" (
	"ticket_id" text NOT NULL,
	"owner_id" text NOT NULL,
	"dependent_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "household_dependent_declines_ticket_id_owner_id_dependent_id_pk" PRIMARY KEY("ticket_id","owner_id","dependent_id")
);
--> statement-breakpoint
CREATE TABLE "household_dependents" (
	"owner_id" text NOT NULL,
	"id" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text,
	"date_of_birth" date,
	"relationship" text,
	"months_lived_with_you" integer,
	"ssn" jsonb,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "household_dependents_owner_id_id_pk" PRIMARY KEY("owner_id","id")
);
--> statement-breakpoint
ALTER TABLE "household_dependent_declines" ADD CONSTRAINT "household_dependent_declines_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "household_dependent_declines" ADD CONSTRAINT "household_dependent_declines_dependent_fk" FOREIGN KEY ("owner_id","dependent_id") REFERENCES "public"."household_dependents"("owner_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "household_dependents" ADD CONSTRAINT "household_dependents_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "household_dependents" ADD CONSTRAINT "household_dependents_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;