-- Rollup shards (issue 23 item 5, decision 044): a scope's day has up to 16 rows, each batch bumping one it picks,
-- so concurrent batches of one game rarely wait for one row lock; readers sum over the shards. Existing rows are
-- shard 0. (Numbered 0021: 0020 is reserved by another change.)
ALTER TABLE "analytics_daily" ADD COLUMN "shard" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_daily" DROP CONSTRAINT "analytics_daily_pkey";
--> statement-breakpoint
ALTER TABLE "analytics_daily" ADD CONSTRAINT "analytics_daily_pkey" PRIMARY KEY("game_id","day","config_id","variant_id","shard");