CREATE TABLE "support_action" (
	"id" text PRIMARY KEY NOT NULL,
	"game_id" text NOT NULL,
	"owner_id" text NOT NULL,
	"player_ref" text NOT NULL,
	"kind" text NOT NULL,
	"reason" text NOT NULL,
	"details" jsonb NOT NULL,
	"actor_user_id" text NOT NULL,
	"actor_email" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "support_action" ADD CONSTRAINT "support_action_game_id_game_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."game"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_action" ADD CONSTRAINT "support_action_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_action" ADD CONSTRAINT "support_action_player_ref_player_id_fk" FOREIGN KEY ("player_ref") REFERENCES "public"."player"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "support_action_key_idx" ON "support_action" USING btree ("player_ref","idempotency_key");--> statement-breakpoint
CREATE INDEX "support_action_player_idx" ON "support_action" USING btree ("player_ref","created_at");