ALTER TABLE "teams" ADD COLUMN "captain_email" text;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "team_link_hash" text;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "roster_locks_at" timestamp with time zone;--> statement-breakpoint
CREATE TABLE "roster_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"tournament_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"changed_by" text NOT NULL,
	"before" jsonb NOT NULL,
	"after" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "roster_changes" ADD CONSTRAINT "roster_changes_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "roster_changes_team" ON "roster_changes" USING btree ("team_id","at");
