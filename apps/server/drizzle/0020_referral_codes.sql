-- Custom migration (referrals, helper D): keep it after the migration that creates "referrals".
-- 1. Registrations through a link were stored as the raw code typed in users.referred_by: those that name an
--    existing code (not the person's own) become referrals; the column is no longer written and is cleared.
INSERT INTO "referrals" ("referred_id", "referrer_id", "created_at")
SELECT u."id", r."id", u."created_at"
FROM "users" u
JOIN "users" r ON r."referral_code" = upper(trim(u."referred_by"))
WHERE u."referred_by" IS NOT NULL AND r."id" <> u."id"
ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "users" SET "referred_by" = NULL WHERE "referred_by" IS NOT NULL;
--> statement-breakpoint
-- 2. Codes were the first 8 characters of the user id: give every such code a random one (40 bits) instead.
UPDATE "users" SET "referral_code" = upper(substr(md5(gen_random_uuid()::text), 1, 10))
WHERE "referral_code" IS NULL OR "referral_code" = upper(substr("id", 1, 8));
