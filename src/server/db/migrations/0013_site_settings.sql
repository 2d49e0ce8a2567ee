-- The site's settings as the organizer set them in the admin (issue 18): one row, only the fields set;
-- the environment variables give the first values of the others.
CREATE TABLE "site_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_settings_one_row" CHECK ("id" = 1)
);
