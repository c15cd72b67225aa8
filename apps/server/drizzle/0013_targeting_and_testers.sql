CREATE TABLE "test_player" (
	"id" text PRIMARY KEY NOT NULL,
	"game_id" text NOT NULL,
	"owner_id" text NOT NULL,
	"player_id" text NOT NULL,
	"clock_offset_ms" bigint DEFAULT 0 NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_player_offset_bounded" CHECK (abs("test_player"."clock_offset_ms") <= 31622400000)
);
--> statement-breakpoint
ALTER TABLE "daily_reward" ADD COLUMN "segment_id" text;--> statement-breakpoint
ALTER TABLE "daily_reward" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "daily_reward" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "daily_reward" ADD COLUMN "priority" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "daily_reward_claim" ADD COLUMN "kind" text DEFAULT 'claim' NOT NULL;--> statement-breakpoint
ALTER TABLE "game" ADD COLUMN "custom_attributes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "player" ADD COLUMN "session_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "player" ADD COLUMN "matched_segments" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "test_player" ADD CONSTRAINT "test_player_game_id_game_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."game"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_player" ADD CONSTRAINT "test_player_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "test_player_game_player_idx" ON "test_player" USING btree ("game_id","player_id");--> statement-breakpoint
ALTER TABLE "daily_reward" ADD CONSTRAINT "daily_reward_segment_id_segment_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."segment"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "daily_reward_segment_idx" ON "daily_reward" USING btree ("segment_id");