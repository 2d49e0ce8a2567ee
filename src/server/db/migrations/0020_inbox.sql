-- The inbox (issue 20): contact messages are read and filed in the admin; the honeypot files spam.
ALTER TABLE "contact_messages" ADD COLUMN "status" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_status" CHECK ("status" in ('new', 'handled', 'spam'));--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "replied_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "contact_messages_status_created" ON "contact_messages" USING btree ("status", "created_at");--> statement-breakpoint
-- Mail that keeps failing stops blocking the queue: after a few attempts it is set aside for the owner to retry.
ALTER TABLE "outbox" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "failed_at" timestamp with time zone;
