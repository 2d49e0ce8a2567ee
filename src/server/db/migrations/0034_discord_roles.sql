-- Discord's side of the cup through an outbox (discord/outbox.ts): each job stored once under its
-- key, in the transaction of the change that asks for it, and sent later with retries; the captain's
-- Discord account id rides on a job only until it is sent (then, and on erasure, it is cleared).
-- The captain role each cup gets on the server, created once.
CREATE TABLE discord_jobs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  seq bigserial NOT NULL,
  job_key text NOT NULL,
  kind text NOT NULL,
  tournament_id uuid NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
  team_id uuid REFERENCES teams(id) ON DELETE CASCADE,
  discord_user_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  attempts integer NOT NULL DEFAULT 0,
  claimed_at timestamptz,
  done_at timestamptz,
  last_error text,
  CONSTRAINT discord_jobs_kind CHECK (kind in ('create-role', 'add-role', 'remove-role'))
);--> statement-breakpoint
CREATE UNIQUE INDEX discord_jobs_job_key ON discord_jobs (job_key);--> statement-breakpoint
CREATE INDEX discord_jobs_due ON discord_jobs (seq) WHERE done_at IS NULL;--> statement-breakpoint
CREATE INDEX discord_jobs_team ON discord_jobs (team_id);--> statement-breakpoint
CREATE TABLE discord_cup_roles (
  tournament_id uuid PRIMARY KEY REFERENCES tournaments(id) ON DELETE CASCADE,
  role_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
