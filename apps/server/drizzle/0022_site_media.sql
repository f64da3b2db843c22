CREATE TABLE "form_submission_files" (
	"id" text PRIMARY KEY NOT NULL,
	"submission_id" text NOT NULL,
	"field" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"wrapped_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_media" (
	"id" text PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"alt" jsonb NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_media_files" (
	"media_id" text NOT NULL,
	"key" text NOT NULL,
	"format" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"size_bytes" integer NOT NULL,
	CONSTRAINT "site_media_files_media_id_key_pk" PRIMARY KEY("media_id","key")
);
--> statement-breakpoint
ALTER TABLE "form_submission_files" ADD CONSTRAINT "form_submission_files_submission_id_form_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."form_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_media" ADD CONSTRAINT "site_media_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_media_files" ADD CONSTRAINT "site_media_files_media_id_site_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."site_media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "form_submission_files_submission_idx" ON "form_submission_files" USING btree ("submission_id");--> statement-breakpoint
CREATE INDEX "form_submission_files_key_idx" ON "form_submission_files" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "site_media_files_key_idx" ON "site_media_files" USING btree ("key");