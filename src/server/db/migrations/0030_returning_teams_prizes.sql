-- Returning teams: a team registered again for another cup is a new row (its own payment, refunds
-- and data rights); it names the registration it came from, and every registration of the same
-- team shares one lineage id (the first registration's id), so the team's export lists each cup.
-- No foreign keys on either: team rows are overwritten (erased), never deleted, and a reference from
-- teams to teams would make a restore depend on the order of the rows (src/server/ops/backup.ts
-- inserts a table's rows in batches, in no order that follows such a chain).
ALTER TABLE "teams" ADD COLUMN "previous_team_id" uuid;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "lineage_id" uuid;--> statement-breakpoint
CREATE INDEX "teams_lineage" ON "teams" USING btree ("lineage_id") WHERE lineage_id is not null;--> statement-breakpoint
-- Prizes: the organizer's split of the prize pool by placement, and each payout once made by hand
-- (the site never sends prize money): to whom, when, how, a reference. Amounts in minor units.
CREATE TABLE "tournament_prizes" (
  "tournament_id" uuid NOT NULL REFERENCES "tournaments"("id"),
  "placement" smallint NOT NULL,
  "amount" integer NOT NULL,
  "paid_to" text,
  "paid_at" timestamp with time zone,
  "paid_method" text,
  "paid_reference" text,
  "recorded_at" timestamp with time zone,
  CONSTRAINT "tournament_prizes_pkey" PRIMARY KEY ("tournament_id","placement"),
  CONSTRAINT "tournament_prizes_placement" CHECK (placement >= 1),
  CONSTRAINT "tournament_prizes_amount" CHECK (amount >= 0)
);
