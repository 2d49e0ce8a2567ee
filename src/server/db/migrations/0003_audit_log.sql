CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" uuid,
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"target_type" text,
	"target_id" text,
	"tournament_id" uuid,
	"before" jsonb,
	"after" jsonb,
	"reason" text,
	"request_id" text
);
--> statement-breakpoint
CREATE INDEX "audit_log_tournament" ON "audit_log" USING btree ("tournament_id","id");--> statement-breakpoint
-- Append-only: the record of who did what cannot be rewritten, even by the app's own account.
-- (TRUNCATE stays possible for the table's owner: a restore replaces the whole database.)
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
