-- The organizing team (issue 20): accounts are disabled rather than deleted (the audit log keeps
-- their name), invited by single-use links, and may sign in with a second factor (TOTP).
ALTER TABLE "admin_users" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "admin_users" ADD COLUMN "last_sign_in_at" timestamp with time zone;--> statement-breakpoint
-- The enrolled secret; the pending one waits for its first correct code before it counts.
ALTER TABLE "admin_users" ADD COLUMN "totp_secret" text;--> statement-breakpoint
ALTER TABLE "admin_users" ADD COLUMN "totp_pending_secret" text;--> statement-breakpoint
-- The last 30 s step a code was accepted for: a code is never accepted twice.
ALTER TABLE "admin_users" ADD COLUMN "totp_last_step" bigint;--> statement-breakpoint
-- When this session last proved the second factor: money actions ask again after 15 minutes.
ALTER TABLE "sessions" ADD COLUMN "second_factor_at" timestamp with time zone;--> statement-breakpoint
CREATE TABLE "recovery_codes" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "user_id" uuid NOT NULL REFERENCES "admin_users"("id") ON DELETE cascade,
  "code_hash" text NOT NULL,
  "used_at" timestamp with time zone
);--> statement-breakpoint
CREATE INDEX "recovery_codes_user" ON "recovery_codes" USING btree ("user_id");--> statement-breakpoint
CREATE TABLE "account_invites" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "token_hash" text NOT NULL,
  "role" text NOT NULL CHECK ("role" in ('owner', 'organizer', 'staff')),
  "email" text,
  "created_by" uuid REFERENCES "admin_users"("id") ON DELETE set null,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "expires_at" timestamp with time zone NOT NULL,
  "accepted_at" timestamp with time zone,
  "accepted_by" uuid REFERENCES "admin_users"("id") ON DELETE set null,
  "revoked_at" timestamp with time zone
);--> statement-breakpoint
CREATE UNIQUE INDEX "account_invites_token" ON "account_invites" USING btree ("token_hash");--> statement-breakpoint
-- A password that is right for an account with two-factor on opens this, not a session.
CREATE TABLE "sign_in_challenges" (
  "id" text PRIMARY KEY NOT NULL,
  "user_id" uuid NOT NULL REFERENCES "admin_users"("id") ON DELETE cascade,
  "expires_at" timestamp with time zone NOT NULL
);
