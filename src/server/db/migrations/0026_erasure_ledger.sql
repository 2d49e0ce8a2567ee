-- Which teams' personal data was erased, when, and why: ids only, nothing personal. A restore keeps
-- these rows (it does not truncate the table) and erases again every team they name, so an erasure
-- survives a restore from a backup taken before it. No foreign key: a row outlives the team's row.
CREATE TABLE "erasure_ledger" (
  "team_id" uuid PRIMARY KEY NOT NULL,
  "erased_at" timestamp with time zone NOT NULL,
  "reason" text NOT NULL,
  CONSTRAINT "erasure_ledger_reason" CHECK ("reason" in ('request', 'retention'))
);--> statement-breakpoint
-- Teams erased before the ledger existed: the retention sweep's erasures are the ones its audit entry names.
INSERT INTO "erasure_ledger" ("team_id", "erased_at", "reason")
SELECT t."id", t."erased_at",
  CASE WHEN EXISTS (SELECT 1 FROM "audit_log" a WHERE a."action" = 'team.erase' AND a."target_id" = t."id"::text AND a."actor" = 'retention policy') THEN 'retention' ELSE 'request' END
FROM "teams" t WHERE t."erased_at" IS NOT NULL;
