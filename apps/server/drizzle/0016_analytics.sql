CREATE TABLE "analytics_daily" (
	"game_id" text NOT NULL,
	"config_id" text NOT NULL,
	"variant_id" text NOT NULL,
	"day" date NOT NULL,
	"sessions" integer DEFAULT 0 NOT NULL,
	"shown" integer DEFAULT 0 NOT NULL,
	"closed" integer DEFAULT 0 NOT NULL,
	"claimed" integer DEFAULT 0 NOT NULL,
	"cycle_day_1" integer DEFAULT 0 NOT NULL,
	"cycle_day_2" integer DEFAULT 0 NOT NULL,
	"cycle_day_3" integer DEFAULT 0 NOT NULL,
	"cycle_day_4" integer DEFAULT 0 NOT NULL,
	"cycle_day_5" integer DEFAULT 0 NOT NULL,
	"cycle_day_6" integer DEFAULT 0 NOT NULL,
	"cycle_day_7" integer DEFAULT 0 NOT NULL,
	"streak_1" integer DEFAULT 0 NOT NULL,
	"streak_2" integer DEFAULT 0 NOT NULL,
	"streak_3" integer DEFAULT 0 NOT NULL,
	"streak_4" integer DEFAULT 0 NOT NULL,
	"streak_5" integer DEFAULT 0 NOT NULL,
	"streak_6" integer DEFAULT 0 NOT NULL,
	"streak_7" integer DEFAULT 0 NOT NULL,
	"streak_8_14" integer DEFAULT 0 NOT NULL,
	"streak_15_30" integer DEFAULT 0 NOT NULL,
	"streak_31_plus" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_daily_pkey" PRIMARY KEY("game_id","day","config_id","variant_id")
);
--> statement-breakpoint
CREATE TABLE "analytics_event" (
	"game_id" text NOT NULL,
	"player_ref" text NOT NULL,
	"id" text NOT NULL,
	"kind" text NOT NULL,
	"config_id" text,
	"variant_id" text,
	"day" date NOT NULL,
	"cycle_day" integer,
	"streak" integer,
	"client_time" timestamp with time zone,
	"properties" jsonb,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "analytics_event_pkey" PRIMARY KEY("game_id","player_ref","id","day")
) PARTITION BY RANGE ("day");
--> statement-breakpoint
CREATE TABLE "analytics_marker" (
	"game_id" text NOT NULL,
	"config_id" text NOT NULL,
	"variant_id" text NOT NULL,
	"day" date NOT NULL,
	"counter" text NOT NULL,
	"player_ref" text NOT NULL,
	CONSTRAINT "analytics_marker_pkey" PRIMARY KEY("game_id","day","config_id","variant_id","counter","player_ref")
) PARTITION BY RANGE ("day");--> statement-breakpoint
-- Decision 044: raw events and markers are partitioned by day (drizzle-kit cannot express it); the partitions,
-- analytics_event_YYYYMMDD and analytics_marker_YYYYMMDD, are created and dropped by the server
-- (analytics-partitions.ts). No foreign keys (decision 041): these triggers delete with the game or the player.
CREATE FUNCTION "analytics_game_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "analytics_daily" WHERE "game_id" IN (SELECT "id" FROM gone);
  DELETE FROM "analytics_marker" WHERE "game_id" IN (SELECT "id" FROM gone);
  DELETE FROM "analytics_event" WHERE "game_id" IN (SELECT "id" FROM gone);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "analytics_game_delete" AFTER DELETE ON "game" REFERENCING OLD TABLE AS gone
  FOR EACH STATEMENT EXECUTE FUNCTION "analytics_game_delete"();--> statement-breakpoint
-- A player's raw events go with them; the rollups (counts of players, no ids) stay.
CREATE FUNCTION "analytics_player_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "analytics_event" WHERE ("game_id", "player_ref") IN (SELECT "game_id", "id" FROM gone);
  DELETE FROM "analytics_marker" WHERE ("game_id", "player_ref") IN (SELECT "game_id", "id" FROM gone);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "analytics_player_delete" AFTER DELETE ON "player" REFERENCING OLD TABLE AS gone
  FOR EACH STATEMENT EXECUTE FUNCTION "analytics_player_delete"();
