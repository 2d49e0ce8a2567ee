-- Own settings (issue 20): each session shows its browser and address to its owner, who can end it by
-- a public id (the primary key is the token's hash, which never leaves the server).
ALTER TABLE "sessions" ADD COLUMN "public_id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "ip_address" text;--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_public_id" ON "sessions" USING btree ("public_id");
