-- The spots a tournament's teams hold, kept on the tournament (issue 13): a registration claims one
-- with a single conditional UPDATE instead of counting teams under a lock. teams/lifecycle.ts keeps
-- it in step with every transition; the sweep checks it against the teams.
ALTER TABLE "tournaments" ADD COLUMN "held" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "tournaments" SET "held" = (
  SELECT count(*) FROM "teams"
  WHERE "teams"."tournament_id" = "tournaments"."id"
    AND "teams"."released_at" IS NULL
    AND ("teams"."payment_status" IN ('pending', 'failed', 'completed', 'partially_refunded')
      OR ("teams"."payment_status" = 'waitlisted' AND "teams"."offer_expires_at" IS NOT NULL))
);
