-- When the captain accepted the terms (and which version of them) and confirmed the players' ages.
ALTER TABLE "teams" ADD COLUMN "terms_accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "terms_version" text;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "age_confirmed_at" timestamp with time zone;
