-- A bracket's format (single elimination for every bracket drawn before formats existed), the
-- format's options (groups, Swiss rounds, grand-final reset, the playoff after a first stage), and
-- when the organizer drew the playoff (its teams follow from the first stage's standings).
ALTER TABLE brackets ADD COLUMN format text NOT NULL DEFAULT 'single_elimination';--> statement-breakpoint
ALTER TABLE brackets ADD COLUMN format_options jsonb NOT NULL DEFAULT '{}'::jsonb;--> statement-breakpoint
ALTER TABLE brackets ADD COLUMN playoff_drawn_at timestamptz;--> statement-breakpoint
ALTER TABLE brackets ADD CONSTRAINT brackets_format CHECK (format in ('single_elimination','double_elimination','round_robin','swiss'));
