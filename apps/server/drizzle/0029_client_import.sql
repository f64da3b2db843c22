CREATE TABLE "household_members" (
	"household_id" text NOT NULL,
	"user_id" text NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "household_members_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "households" (
	"id" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_import_rows" (
	"import_id" text NOT NULL,
	"line" integer NOT NULL,
	"outcome" text NOT NULL,
	"reason" text,
	"duplicate_line" integer,
	"full_name" text,
	"email" text,
	"phone" text,
	"spouse_name" text,
	"spouse_email" text,
	"language" text,
	"notes" text,
	"user_id" text,
	"spouse_user_id" text,
	CONSTRAINT "client_import_rows_import_id_line_pk" PRIMARY KEY("import_id","line")
);
--> statement-breakpoint
CREATE TABLE "client_imports" (
	"id" text PRIMARY KEY NOT NULL,
	"created_by" text NOT NULL,
	"file_name" text NOT NULL,
	"storage_key" text NOT NULL,
	"wrapped_key" text NOT NULL,
	"sha256" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"encoding" text NOT NULL,
	"delimiter" text NOT NULL,
	"row_count" integer NOT NULL,
	"header" jsonb NOT NULL,
	"sample_rows" jsonb NOT NULL,
	"mapping" jsonb,
	"status" text NOT NULL,
	"to_create" integer,
	"duplicates" integer,
	"invalid" integer,
	"created" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"checked_at" timestamp with time zone,
	"committed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "client_invitations" (
	"id" text PRIMARY KEY NOT NULL,
	"import_id" text NOT NULL,
	"user_id" text NOT NULL,
	"channel" text NOT NULL,
	"state" text NOT NULL,
	"token_hash" text,
	"sends" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"opened_at" timestamp with time zone,
	"bounced_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	CONSTRAINT "client_invitations_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "client_notes" (
	"user_id" text PRIMARY KEY NOT NULL,
	"body" text NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "household_members" ADD CONSTRAINT "household_members_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "household_members" ADD CONSTRAINT "household_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_import_rows" ADD CONSTRAINT "client_import_rows_import_id_client_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."client_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_import_rows" ADD CONSTRAINT "client_import_rows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_import_rows" ADD CONSTRAINT "client_import_rows_spouse_user_id_users_id_fk" FOREIGN KEY ("spouse_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_imports" ADD CONSTRAINT "client_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_invitations" ADD CONSTRAINT "client_invitations_import_id_client_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."client_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_invitations" ADD CONSTRAINT "client_invitations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_notes" ADD CONSTRAINT "client_notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_notes" ADD CONSTRAINT "client_notes_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "household_members_household_idx" ON "household_members" USING btree ("household_id");--> statement-breakpoint
CREATE INDEX "client_import_rows_outcome_idx" ON "client_import_rows" USING btree ("import_id","outcome","line");--> statement-breakpoint
CREATE INDEX "client_imports_owner_idx" ON "client_imports" USING btree ("created_by","created_at");--> statement-breakpoint
CREATE INDEX "client_imports_sha_idx" ON "client_imports" USING btree ("sha256");--> statement-breakpoint
CREATE INDEX "client_invitations_import_idx" ON "client_invitations" USING btree ("import_id","state");--> statement-breakpoint
CREATE INDEX "client_invitations_user_idx" ON "client_invitations" USING btree ("user_id");