-- A match channel's steps and its clean-up (discord/match-channels.ts): the match time the channel was
-- last told, so a change is posted once; channels and the cup's category deleted by outbox jobs once
-- the cup's retention ends or the organizer cleans Discord up.
ALTER TABLE discord_jobs DROP CONSTRAINT discord_jobs_kind;--> statement-breakpoint
ALTER TABLE discord_jobs ADD CONSTRAINT discord_jobs_kind CHECK (kind in ('create-role', 'add-role', 'remove-role', 'create-category', 'create-channel', 'post-step', 'archive-channel', 'delete-channel', 'delete-category', 'create-staff-role', 'add-staff-role', 'remove-staff-role'));--> statement-breakpoint
ALTER TABLE discord_match_channels ADD COLUMN told_starts_at timestamptz;
