ALTER TABLE "signing_requests" ADD COLUMN "taxpayer_code_used_hash" text;--> statement-breakpoint
ALTER TABLE "signing_requests" ADD COLUMN "taxpayer_code_used_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "signing_requests" ADD COLUMN "spouse_code_used_hash" text;--> statement-breakpoint
ALTER TABLE "signing_requests" ADD COLUMN "spouse_code_used_at" timestamp with time zone;