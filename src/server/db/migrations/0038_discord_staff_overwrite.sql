-- A match channel created before the staff role existed lets it in once it is created (or created
-- again after it was deleted on Discord): a job per open channel (discord/match-channels.ts). The
-- list also keeps the clean-up kinds of 0037 (delete-channel, delete-category).
ALTER TABLE discord_jobs DROP CONSTRAINT discord_jobs_kind;--> statement-breakpoint
ALTER TABLE discord_jobs ADD CONSTRAINT discord_jobs_kind CHECK (kind in ('create-role', 'add-role', 'remove-role', 'create-category', 'create-channel', 'post-step', 'archive-channel', 'delete-channel', 'delete-category', 'add-staff-overwrite', 'create-staff-role', 'add-staff-role', 'remove-staff-role'));
