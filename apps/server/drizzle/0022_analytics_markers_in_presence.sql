-- Decision 048: a player's rollup markers of their last two days live in their presence row (analytics_presence.days),
-- which every batch locks anyway; the markers' own table, with its six-column key, goes (and its day partitions).
CREATE OR REPLACE FUNCTION "analytics_game_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "analytics_daily" WHERE "game_id" IN (SELECT "id" FROM gone);
  DELETE FROM "analytics_event" WHERE "game_id" IN (SELECT "id" FROM gone);
  DELETE FROM "analytics_presence" WHERE "game_id" IN (SELECT "id" FROM gone);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "analytics_player_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "analytics_event" WHERE ("game_id", "player_ref") IN (SELECT "game_id", "id" FROM gone);
  DELETE FROM "analytics_presence" WHERE ("game_id", "player_ref") IN (SELECT "game_id", "id" FROM gone);
  RETURN NULL;
END $$;--> statement-breakpoint
-- Today's and yesterday's markers move into their players' presences first, so nothing of those days counts twice.
WITH "scoped" AS (
  SELECT "game_id", "player_ref", to_char("day", 'YYYY-MM-DD') AS "day",
         CASE WHEN "config_id" = '' THEN '' WHEN "variant_id" = '' THEN "config_id"
              ELSE "config_id" || '/' || "variant_id" END AS "scope",
         jsonb_agg("counter" ORDER BY "counter") AS "counters"
  FROM "analytics_marker"
  WHERE "day" >= (now() AT TIME ZONE 'UTC')::date - 1
  GROUP BY 1, 2, 3, 4
), "by_day" AS (
  SELECT "game_id", "player_ref", "day", jsonb_object_agg("scope", "counters") AS "m"
  FROM "scoped" GROUP BY 1, 2, 3
), "by_player" AS (
  SELECT "game_id", "player_ref", jsonb_object_agg("day", "m") AS "days" FROM "by_day" GROUP BY 1, 2
)
INSERT INTO "analytics_presence" AS p ("game_id", "player_ref", "days")
SELECT "game_id", "player_ref",
       (SELECT jsonb_object_agg(e.key, '{"a":[],"c":[]}'::jsonb || jsonb_build_object('m', e.value))
        FROM jsonb_each("by_player"."days") AS e)
FROM "by_player"
ON CONFLICT ("game_id", "player_ref") DO UPDATE SET "days" = p."days" ||
  (SELECT jsonb_object_agg(e.key, coalesce(p."days" -> e.key, '{"a":[],"c":[]}'::jsonb) || jsonb_build_object('m', e.value -> 'm'))
   FROM jsonb_each(excluded."days") AS e(key, value));--> statement-breakpoint
DROP TABLE "analytics_marker" CASCADE;
