CREATE TABLE "household_invitations" (
	"id" text PRIMARY KEY NOT NULL,
	"inviter_id" text NOT NULL,
	"invitee_id" text,
	"full_name" text NOT NULL,
	"email" text NOT NULL,
	"token_hash" text,
	"state" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "spouse_id" text;--> statement-breakpoint
ALTER TABLE "signing_requests" ADD COLUMN "spouse_user_id" text;--> statement-breakpoint
ALTER TABLE "household_invitations" ADD CONSTRAINT "household_invitations_inviter_id_users_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "household_invitations" ADD CONSTRAINT "household_invitations_invitee_id_users_id_fk" FOREIGN KEY ("invitee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "household_invitations_inviter_idx" ON "household_invitations" USING btree ("inviter_id","created_at");--> statement-breakpoint
CREATE INDEX "household_invitations_invitee_idx" ON "household_invitations" USING btree ("invitee_id","state");--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_spouse_id_users_id_fk" FOREIGN KEY ("spouse_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_requests" ADD CONSTRAINT "signing_requests_spouse_user_id_users_id_fk" FOREIGN KEY ("spouse_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tickets_spouse_updated_idx" ON "tickets" USING btree ("spouse_id","updated_at","id") WHERE "tickets"."spouse_id" is not null;