CREATE TABLE "admin_users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text DEFAULT 'Administrator' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_users_username_unique" UNIQUE("username")
);
--> statement-breakpoint
CREATE TABLE "champions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tournament_id" uuid,
	"team_id" uuid,
	"placement" integer DEFAULT 1 NOT NULL,
	"prize_amount" text,
	"currency" text DEFAULT 'USD' NOT NULL,
	"team_name" text NOT NULL,
	"team_logo_url" text,
	"player_names" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"highlights" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"team_quote" text,
	"tournament_name" text NOT NULL,
	"tournament_date" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "objects" (
	"key" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to" text NOT NULL,
	"reply_to" text,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_members" (
	"team_id" uuid NOT NULL,
	"tournament_id" uuid NOT NULL,
	"riot_id" text NOT NULL,
	"role" text NOT NULL,
	"position" integer NOT NULL,
	"released" boolean DEFAULT false NOT NULL,
	CONSTRAINT "team_members_role" CHECK (role in ('Captain','Player','Substitute'))
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tournament_id" uuid NOT NULL,
	"name" text NOT NULL,
	"logo_url" text,
	"captain_discord" text NOT NULL,
	"captain_riot_id" text NOT NULL,
	"payment_status" text DEFAULT 'pending' NOT NULL,
	"payment_ref" text,
	"amount_paid" integer,
	"currency" text DEFAULT 'USD' NOT NULL,
	"hold_expires_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"released_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "teams_payment_status" CHECK (payment_status in ('pending','completed','failed','expired','refunded'))
);
--> statement-breakpoint
CREATE TABLE "tournaments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"format" text NOT NULL,
	"prize_pool" numeric(12, 2) NOT NULL,
	"entry_fee" numeric(12, 2) NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"max_teams" integer DEFAULT 32 NOT NULL,
	"registration_closes" timestamp with time zone NOT NULL,
	"tournament_date" timestamp with time zone NOT NULL,
	"rules" text,
	"registration_open" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'inactive' NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tournaments_currency" CHECK (currency in ('USD','EUR','GBP')),
	CONSTRAINT "tournaments_status" CHECK (status in ('active','inactive')),
	CONSTRAINT "tournaments_max_teams" CHECK (max_teams >= 4)
);
--> statement-breakpoint
ALTER TABLE "champions" ADD CONSTRAINT "champions_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "champions" ADD CONSTRAINT "champions_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_admin_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."admin_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_user" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "team_members_riot_id_per_tournament" ON "team_members" USING btree ("tournament_id",lower("riot_id")) WHERE released = false;--> statement-breakpoint
CREATE INDEX "team_members_team" ON "team_members" USING btree ("team_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "teams_name_per_tournament" ON "teams" USING btree ("tournament_id",lower("name")) WHERE released_at is null;--> statement-breakpoint
CREATE INDEX "teams_tournament" ON "teams" USING btree ("tournament_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tournaments_one_active" ON "tournaments" USING btree ("status") WHERE status = 'active' and deleted_at is null;