-- A match channel's row outlives its match (discord/match-channels.ts): a redraw deletes the matches,
-- and the channels made for them are then deleted by outbox jobs rather than forgotten on Discord.
ALTER TABLE discord_match_channels DROP CONSTRAINT discord_match_channels_match_id_fkey;
