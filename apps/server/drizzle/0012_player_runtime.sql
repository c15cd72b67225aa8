CREATE TABLE "daily_reward_claim" (
	"id" text PRIMARY KEY NOT NULL,
	"player_ref" text NOT NULL,
	"config_id" text NOT NULL,
	"seq" integer NOT NULL,
	"day_key" integer NOT NULL,
	"cycle_day" integer NOT NULL,
	"streak" integer NOT NULL,
	"pack_id" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"response" json NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "player" (
	"id" text PRIMARY KEY NOT NULL,
	"game_id" text NOT NULL,
	"player_id" text NOT NULL,
	"time_zone" text NOT NULL,
	"time_zone_changed_at" timestamp with time zone,
	"attributes" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_balance" (
	"player_ref" text NOT NULL,
	"item_id" text NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "wallet_balance_player_ref_item_id_pk" PRIMARY KEY("player_ref","item_id"),
	CONSTRAINT "wallet_balance_not_negative" CHECK ("wallet_balance"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "wallet_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_ref" text NOT NULL,
	"item_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"reason" text NOT NULL,
	"config_id" text,
	"day" integer,
	"operation_id" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_operation" (
	"id" text PRIMARY KEY NOT NULL,
	"game_id" text NOT NULL,
	"player_ref" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"response" json NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "daily_reward" ADD COLUMN "day_start_kind" text DEFAULT 'player_midnight' NOT NULL;--> statement-breakpoint
ALTER TABLE "daily_reward" ADD COLUMN "day_start_minute" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "daily_reward" ADD COLUMN "missed_day" text DEFAULT 'keep_progress' NOT NULL;--> statement-breakpoint
ALTER TABLE "game" ADD COLUMN "server_secret" text;--> statement-breakpoint
-- Existing games get a secret of their own: 64 hex digits from two random UUIDs (122 random bits each).
UPDATE "game" SET "server_secret" = 'ss_' || replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '');--> statement-breakpoint
ALTER TABLE "game" ALTER COLUMN "server_secret" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "game" ADD COLUMN "require_signed_player_ids" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "daily_reward_claim" ADD CONSTRAINT "daily_reward_claim_player_ref_player_id_fk" FOREIGN KEY ("player_ref") REFERENCES "public"."player"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_reward_claim" ADD CONSTRAINT "daily_reward_claim_config_id_daily_reward_id_fk" FOREIGN KEY ("config_id") REFERENCES "public"."daily_reward"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player" ADD CONSTRAINT "player_game_id_game_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."game"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_balance" ADD CONSTRAINT "wallet_balance_player_ref_player_id_fk" FOREIGN KEY ("player_ref") REFERENCES "public"."player"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_ledger" ADD CONSTRAINT "wallet_ledger_player_ref_player_id_fk" FOREIGN KEY ("player_ref") REFERENCES "public"."player"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_operation" ADD CONSTRAINT "wallet_operation_game_id_game_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."game"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_operation" ADD CONSTRAINT "wallet_operation_player_ref_player_id_fk" FOREIGN KEY ("player_ref") REFERENCES "public"."player"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "daily_reward_claim_seq_idx" ON "daily_reward_claim" USING btree ("player_ref","config_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "daily_reward_claim_key_idx" ON "daily_reward_claim" USING btree ("player_ref","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "player_game_player_idx" ON "player" USING btree ("game_id","player_id");--> statement-breakpoint
CREATE INDEX "wallet_ledger_player_idx" ON "wallet_ledger" USING btree ("player_ref","id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_operation_key_idx" ON "wallet_operation" USING btree ("game_id","idempotency_key");