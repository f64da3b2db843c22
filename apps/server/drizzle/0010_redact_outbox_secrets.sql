-- Hand-written (docs/decisions/0011): mail recorded before secrets were redacted kept reset links and 8879
-- signing codes readable by Admins. Redact them as the mailer now does for new mail.
UPDATE "outbox" SET "text" = regexp_replace("text", '([?&](token|code|key|secret|otp)=)[^&[:space:]]+', '\1[redacted]', 'gi')
  WHERE "text" ~* '[?&](token|code|key|secret|otp)=';--> statement-breakpoint
UPDATE "outbox" SET "text" = regexp_replace("text", '(one-time code: )[0-9]{6}', '\1[redacted]', 'g')
  WHERE "text" ~ 'one-time code: [0-9]{6}';
