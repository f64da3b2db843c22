DROP INDEX "ticket_status_changes_ended_idx";--> statement-breakpoint
CREATE INDEX "tickets_assignee_status_idx" ON "tickets" USING btree ("assignee_id","status");--> statement-breakpoint
CREATE INDEX "ticket_status_changes_ended_idx" ON "ticket_status_changes" USING btree ("to_status","ended_at","created_at") WHERE "ticket_status_changes"."ended_at" is not null;--> statement-breakpoint
-- Hand-written: alphabetical contacts list (users is the foundation's table; the index serves contacts).
CREATE INDEX "users_full_name_id_idx" ON "users" USING btree ("full_name","id");
