-- Captains connect their Discord account at step 2: the account's id on the team (personal data,
-- erased with the team) and when the bot added them to the server; the authorizations in progress
-- (state hash, PKCE verifier), each used once.
ALTER TABLE teams ADD COLUMN discord_user_id text;--> statement-breakpoint
ALTER TABLE teams ADD COLUMN discord_guild_joined_at timestamptz;--> statement-breakpoint
CREATE TABLE discord_authorizations (
  state_hash text PRIMARY KEY,
  team_id uuid NOT NULL,
  code_verifier text NOT NULL,
  return_path text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);--> statement-breakpoint
CREATE INDEX discord_authorizations_expires ON discord_authorizations (expires_at);
