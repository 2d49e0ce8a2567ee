-- Captains run their own matches: a start time per match (null: derived, round 1 at the tournament's
-- start, later rounds when their teams are known), the ready check, the captains' result reports
-- (shared/match/report-states.ts declares their states) and a no-show forfeit claim. The tournament
-- says whether captains report at all, how long the opponent has to confirm and the no-show allowance.
ALTER TABLE matches ADD COLUMN starts_at timestamptz;--> statement-breakpoint
ALTER TABLE matches ADD COLUMN ready jsonb;--> statement-breakpoint
ALTER TABLE matches ADD COLUMN report jsonb;--> statement-breakpoint
ALTER TABLE matches ADD COLUMN forfeit_claim jsonb;--> statement-breakpoint
ALTER TABLE tournaments ADD COLUMN self_reporting boolean NOT NULL DEFAULT true;--> statement-breakpoint
ALTER TABLE tournaments ADD COLUMN report_confirm_minutes integer NOT NULL DEFAULT 10;--> statement-breakpoint
ALTER TABLE tournaments ADD COLUMN no_show_minutes integer NOT NULL DEFAULT 10;--> statement-breakpoint
ALTER TABLE tournaments ADD CONSTRAINT tournaments_report_confirm_minutes CHECK (report_confirm_minutes BETWEEN 1 AND 1440);--> statement-breakpoint
ALTER TABLE tournaments ADD CONSTRAINT tournaments_no_show_minutes CHECK (no_show_minutes BETWEEN 0 AND 240);
