-- The staff role on the Discord server (discord/staff-role.ts): a staff account links its Discord
-- account (discord/link-staff.ts), which is given the one staff role the site creates. Its jobs go
-- through the outbox like the cups' (discord_jobs), with no cup: they name the account instead.
ALTER TABLE admin_users ADD COLUMN discord_user_id text;--> statement-breakpoint
ALTER TABLE admin_users ADD COLUMN discord_username text;--> statement-breakpoint
ALTER TABLE discord_jobs ALTER COLUMN tournament_id DROP NOT NULL;--> statement-breakpoint
ALTER TABLE discord_jobs ADD COLUMN admin_user_id uuid REFERENCES admin_users(id) ON DELETE SET NULL;--> statement-breakpoint
CREATE INDEX discord_jobs_admin_user ON discord_jobs (admin_user_id);--> statement-breakpoint
ALTER TABLE discord_jobs DROP CONSTRAINT discord_jobs_kind;--> statement-breakpoint
ALTER TABLE discord_jobs ADD CONSTRAINT discord_jobs_kind CHECK (kind in ('create-role', 'add-role', 'remove-role', 'create-category', 'create-channel', 'post-step', 'archive-channel', 'create-staff-role', 'add-staff-role', 'remove-staff-role'));--> statement-breakpoint
ALTER TABLE discord_jobs ADD CONSTRAINT discord_jobs_cup CHECK (tournament_id is not null or kind in ('create-staff-role', 'add-staff-role', 'remove-staff-role'));--> statement-breakpoint
CREATE TABLE discord_staff_role (
  id boolean PRIMARY KEY DEFAULT true CONSTRAINT discord_staff_role_single CHECK (id),
  role_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
