-- Return rates (issue 23 item 2, decision 047): a player's presences of the last days, and the rollup counters of
-- the active players and of the pairs (cohort day, back a day or a week later).
CREATE TABLE "analytics_presence" (
	"game_id" text NOT NULL,
	"player_ref" text NOT NULL,
	"days" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "analytics_presence_pkey" PRIMARY KEY("game_id","player_ref")
);
--> statement-breakpoint
ALTER TABLE "analytics_daily" ADD COLUMN "active" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_daily" ADD COLUMN "active_back_1" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_daily" ADD COLUMN "active_back_7" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_daily" ADD COLUMN "claimed_back_1" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_daily" ADD COLUMN "claimed_back_7" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Return rates (decision 047): the presences go with their game or player, like the raw events and markers (0016).
CREATE OR REPLACE FUNCTION "analytics_game_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "analytics_daily" WHERE "game_id" IN (SELECT "id" FROM gone);
  DELETE FROM "analytics_marker" WHERE "game_id" IN (SELECT "id" FROM gone);
  DELETE FROM "analytics_event" WHERE "game_id" IN (SELECT "id" FROM gone);
  DELETE FROM "analytics_presence" WHERE "game_id" IN (SELECT "id" FROM gone);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "analytics_player_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "analytics_event" WHERE ("game_id", "player_ref") IN (SELECT "game_id", "id" FROM gone);
  DELETE FROM "analytics_marker" WHERE ("game_id", "player_ref") IN (SELECT "game_id", "id" FROM gone);
  DELETE FROM "analytics_presence" WHERE ("game_id", "player_ref") IN (SELECT "game_id", "id" FROM gone);
  RETURN NULL;
END $$;
