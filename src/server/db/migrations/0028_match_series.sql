-- Matches as series: a best-of per match, the maps played with their rounds, a forfeit, and the veto
-- the captains run (its log, replayed by src/shared/match/veto.ts). The tournament holds its map pool
-- (null: the site's default), its scoring rule and the time a captain has for each veto turn.
ALTER TABLE brackets ADD COLUMN best_of smallint NOT NULL DEFAULT 1;--> statement-breakpoint
ALTER TABLE brackets ADD COLUMN final_best_of smallint NOT NULL DEFAULT 1;--> statement-breakpoint
-- A bracket drawn before this version settled its maps elsewhere: its matches get no veto on the
-- site (the sweep would otherwise play every open match's veto at random at once). New ones do.
ALTER TABLE brackets ADD COLUMN map_veto boolean NOT NULL DEFAULT false;--> statement-breakpoint
ALTER TABLE brackets ALTER COLUMN map_veto SET DEFAULT true;--> statement-breakpoint
ALTER TABLE brackets ADD CONSTRAINT brackets_best_of CHECK (best_of IN (1, 3, 5) AND final_best_of IN (1, 3, 5));--> statement-breakpoint

ALTER TABLE matches ADD COLUMN best_of smallint NOT NULL DEFAULT 1;--> statement-breakpoint
ALTER TABLE matches ADD COLUMN maps jsonb;--> statement-breakpoint
ALTER TABLE matches ADD COLUMN forfeit boolean NOT NULL DEFAULT false;--> statement-breakpoint
ALTER TABLE matches ADD COLUMN veto jsonb;--> statement-breakpoint
ALTER TABLE matches ADD CONSTRAINT matches_best_of CHECK (best_of IN (1, 3, 5));--> statement-breakpoint

ALTER TABLE tournaments ADD COLUMN map_pool jsonb;--> statement-breakpoint
ALTER TABLE tournaments ADD COLUMN scoring_rule text NOT NULL DEFAULT 'valorant';--> statement-breakpoint
ALTER TABLE tournaments ADD COLUMN veto_turn_seconds integer NOT NULL DEFAULT 90;--> statement-breakpoint
ALTER TABLE tournaments ADD CONSTRAINT tournaments_scoring_rule CHECK (scoring_rule IN ('valorant', 'free'));--> statement-breakpoint
ALTER TABLE tournaments ADD CONSTRAINT tournaments_veto_turn_seconds CHECK (veto_turn_seconds BETWEEN 15 AND 900);
