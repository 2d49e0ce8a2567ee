-- When the captain accepted the terms (and which version of them) and confirmed the players' ages.
ALTER TABLE "teams" ADD COLUMN "terms_accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "terms_version" text;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "age_confirmed_at" timestamp with time zone;
--> statement-breakpoint
-- Erased at a captain's request or by the retention sweep: names and Riot IDs replaced, figures kept.
ALTER TABLE "teams" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
-- Every erased team is called "Removed team": they must not collide with each other, nor with a real team.
DROP INDEX "teams_name_per_tournament";--> statement-breakpoint
CREATE UNIQUE INDEX "teams_name_per_tournament" ON "teams" USING btree ("tournament_id",lower("name")) WHERE released_at is null and erased_at is null;
