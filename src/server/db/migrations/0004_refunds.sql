CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"tournament_id" uuid NOT NULL,
	"payment_ref" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"kind" text NOT NULL,
	"reason" text,
	"requested_by" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"provider_refund_id" text,
	"status" text DEFAULT 'requested' NOT NULL,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_amount" CHECK (amount > 0),
	CONSTRAINT "refunds_status" CHECK (status in ('requested','pending','succeeded','failed'))
);
--> statement-breakpoint
ALTER TABLE "teams" DROP CONSTRAINT "teams_payment_status";--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "amount_refunded" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_idempotency_key" ON "refunds" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_provider_refund_id" ON "refunds" USING btree ("provider_refund_id");--> statement-breakpoint
CREATE INDEX "refunds_team" ON "refunds" USING btree ("team_id");--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_payment_status" CHECK (payment_status in ('pending','completed','failed','expired','partially_refunded','refunded','removed'));--> statement-breakpoint
-- Teams refunded before refunds were recorded: what went back is what they paid.
UPDATE "teams" SET "amount_refunded" = coalesce("amount_paid", 0) WHERE "payment_status" = 'refunded';
