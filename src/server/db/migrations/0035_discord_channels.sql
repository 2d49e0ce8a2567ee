-- A private Discord channel per match (discord/match-channels.ts): a category per cup, a channel per
-- match and pair of teams, created and archived by outbox jobs; a job may name its match, whose jobs
-- are sent in order (the channel is created before it is archived).
ALTER TABLE discord_jobs DROP CONSTRAINT discord_jobs_kind;--> statement-breakpoint
ALTER TABLE discord_jobs ADD CONSTRAINT discord_jobs_kind CHECK (kind in ('create-role', 'add-role', 'remove-role', 'create-category', 'create-channel', 'post-step', 'archive-channel'));--> statement-breakpoint
ALTER TABLE discord_jobs ADD COLUMN match_id uuid REFERENCES matches(id) ON DELETE CASCADE;--> statement-breakpoint
CREATE INDEX discord_jobs_match ON discord_jobs (match_id);--> statement-breakpoint
CREATE TABLE discord_cup_categories (
  tournament_id uuid PRIMARY KEY REFERENCES tournaments(id) ON DELETE CASCADE,
  category_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);--> statement-breakpoint
CREATE TABLE discord_match_channels (
  match_id uuid NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
  team1_id uuid NOT NULL,
  team2_id uuid NOT NULL,
  tournament_id uuid NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
  channel_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  greeted_at timestamptz,
  archived_at timestamptz,
  PRIMARY KEY (match_id, team1_id, team2_id)
);
