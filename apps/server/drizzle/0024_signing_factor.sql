ALTER TABLE "signatures" ADD COLUMN "confirmation_phone_last4" text;--> statement-breakpoint
ALTER TABLE "signatures" ADD COLUMN "stricter_check_off" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "signing_requests" ADD COLUMN "spouse_phone" text;