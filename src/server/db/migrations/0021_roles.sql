-- Roles of the organizing team (issue 20): owner, organizer, staff. Every account made before roles
-- existed ran everything, so it becomes an owner.
UPDATE "admin_users" SET "role" = 'owner';--> statement-breakpoint
ALTER TABLE "admin_users" ALTER COLUMN "role" SET DEFAULT 'owner';--> statement-breakpoint
ALTER TABLE "admin_users" ADD CONSTRAINT "admin_users_role" CHECK ("role" in ('owner', 'organizer', 'staff'));
