ALTER TABLE "release" ADD COLUMN "live_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "release" ADD COLUMN "published_by" text;--> statement-breakpoint
ALTER TABLE "release" ADD COLUMN "note" text;--> statement-breakpoint
UPDATE "release" SET "live_since" = "finished_at" WHERE "live";