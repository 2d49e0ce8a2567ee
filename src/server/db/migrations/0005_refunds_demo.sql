CREATE TABLE "demo_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"payment_id" text NOT NULL,
	"amount" integer NOT NULL,
	"status" text NOT NULL,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "demo_payments" ADD COLUMN "refunds_fail" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "demo_refunds_idempotency_key" ON "demo_refunds" USING btree ("idempotency_key");