ALTER TABLE "teams" DROP CONSTRAINT "teams_payment_status";--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_payment_status" CHECK ("teams"."payment_status" in ('pending','completed','failed','expired','partially_refunded','refunded','removed','waitlisted'));--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "waitlisted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "waitlist_order" bigserial NOT NULL;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "offered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "offer_expires_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "teams_waitlist" ON "teams" USING btree ("tournament_id","waitlist_order") WHERE payment_status = 'waitlisted';
