ALTER TABLE "tournaments" ADD COLUMN "check_in_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "check_in_opens_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "check_in_closes_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "checked_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "checked_in_by" text;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "no_show_at" timestamp with time zone;--> statement-breakpoint
CREATE TABLE "brackets" (
	"tournament_id" uuid PRIMARY KEY NOT NULL,
	"team_ids" jsonb NOT NULL,
	"seeding_method" text NOT NULL,
	"third_place" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	CONSTRAINT "brackets_seeding_method" CHECK ("brackets"."seeding_method" in ('registration','random','manual'))
);
--> statement-breakpoint
CREATE TABLE "matches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tournament_id" uuid NOT NULL,
	"key" text NOT NULL,
	"team1_id" uuid,
	"team2_id" uuid,
	"winner_team_id" uuid,
	"score" text,
	"note" text,
	"entered_at" timestamp with time zone,
	"entered_by" text
);
--> statement-breakpoint
ALTER TABLE "brackets" ADD CONSTRAINT "brackets_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_tournament_id_brackets_tournament_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."brackets"("tournament_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "matches_key_per_tournament" ON "matches" USING btree ("tournament_id","key");--> statement-breakpoint
CREATE TABLE "announcements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"dedupe_key" text NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
CREATE UNIQUE INDEX "announcements_dedupe_key" ON "announcements" USING btree ("dedupe_key");
