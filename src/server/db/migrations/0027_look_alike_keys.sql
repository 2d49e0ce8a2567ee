-- Riot IDs and team names are unique per tournament by how they look (src/shared/look-alike.ts):
-- each row keeps the key it is compared on beside what the captain typed, and the unique indexes
-- are on the keys. SQL cannot compute a key (it needs the Unicode confusables table), and an
-- approximation here could fail on look-alike pairs already registered: the columns start empty,
-- and the server fills them before it takes requests and in its minute sweep
-- (src/server/teams/look-alike-keys.ts). Every write fills them from then on. The indexes on
-- lower() stay for rows written without a key by an instance of the previous version while a
-- rolling deploy replaces it.
ALTER TABLE "teams" ADD COLUMN "name_key" text;--> statement-breakpoint
ALTER TABLE "team_members" ADD COLUMN "riot_id_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "teams_name_key_per_tournament" ON "teams" USING btree ("tournament_id","name_key") WHERE released_at is null and erased_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "team_members_riot_id_key_per_tournament" ON "team_members" USING btree ("tournament_id","riot_id_key") WHERE released = false;
