-- Every cup has a home: a readable slug (from the name, unique, kept when the name changes), the
-- slugs it had before (so an old link redirects to the current one), and a stream link per
-- tournament and per match (a Twitch channel or a YouTube video; src/shared/schemas/stream.ts).
ALTER TABLE tournaments ADD COLUMN slug text;--> statement-breakpoint
ALTER TABLE tournaments ADD COLUMN stream_url text;--> statement-breakpoint
ALTER TABLE matches ADD COLUMN stream_url text;--> statement-breakpoint

-- Backfill: the name in lower case, anything but letters and digits as one hyphen (src/shared/slug.ts
-- does the same for new ones); the oldest of those alike keeps it, the others add the start of their id.
WITH base AS (
  SELECT id, created_at,
    coalesce(nullif(left(trim(both '-' from regexp_replace(lower(name), '[^a-z0-9]+', '-', 'g')), 60), ''), 'cup') AS stem
  FROM tournaments
), numbered AS (
  SELECT id, stem, row_number() OVER (PARTITION BY stem ORDER BY created_at, id) AS n FROM base
)
UPDATE tournaments t
-- Every slug made here is one the admin form accepts: at most 60 characters, not a reserved word,
-- not shaped like an id (those get a prefix: the suffix would leave them looking like one).
SET slug = CASE
    WHEN numbered.stem IN ('active', 'listing', 'open', 'featured', 'new', 'register') THEN numbered.stem || '-cup'
    WHEN numbered.stem ~ '^[0-9a-f]{8}-' THEN rtrim(left('cup-' || numbered.stem, 51), '-')
    ELSE rtrim(left(numbered.stem, 51), '-')
  END || CASE WHEN numbered.n > 1 THEN '-' || left(t.id::text, 8) ELSE '' END
FROM numbered WHERE numbered.id = t.id;--> statement-breakpoint

-- A row written without one (a test's or a script's insert) still gets a unique address; the service always names it.
ALTER TABLE tournaments ALTER COLUMN slug SET DEFAULT ('cup-' || substr(md5(random()::text), 1, 12));--> statement-breakpoint
ALTER TABLE tournaments ALTER COLUMN slug SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX tournaments_slug ON tournaments (slug);--> statement-breakpoint

CREATE TABLE tournament_old_slugs (
  slug text PRIMARY KEY,
  tournament_id uuid NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
  replaced_at timestamptz NOT NULL DEFAULT now()
);
