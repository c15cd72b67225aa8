-- Test players in their own rollup rows (issue 34 point 4, decision 053): a player who was a test player when their
-- event was counted adds to rows with tester = true, which the Analytics tab leaves out unless asked. Rows from before
-- are everyone's (tester = false).
ALTER TABLE "analytics_daily" ADD COLUMN "tester" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_daily" DROP CONSTRAINT "analytics_daily_pkey";
--> statement-breakpoint
ALTER TABLE "analytics_daily" ADD CONSTRAINT "analytics_daily_pkey" PRIMARY KEY("game_id","day","config_id","variant_id","shard","tester");