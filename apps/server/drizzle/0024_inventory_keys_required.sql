ALTER TABLE "item" ALTER COLUMN "key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "pack" ALTER COLUMN "key" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "item_game_key_idx" ON "item" USING btree ("game_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "pack_game_key_idx" ON "pack" USING btree ("game_id","key");