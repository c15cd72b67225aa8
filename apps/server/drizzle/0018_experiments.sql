CREATE TABLE "experiment" (
	"id" text PRIMARY KEY NOT NULL,
	"game_id" text NOT NULL,
	"owner_id" text NOT NULL,
	"config_id" text NOT NULL,
	"status" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"winner_variant_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "experiment_assignment" (
	"game_id" text NOT NULL,
	"experiment_id" text NOT NULL,
	"player_ref" text NOT NULL,
	"variant_id" text NOT NULL,
	"assigned_at" timestamp with time zone NOT NULL,
	CONSTRAINT "experiment_assignment_pkey" PRIMARY KEY("experiment_id","player_ref")
);
--> statement-breakpoint
CREATE TABLE "experiment_variant" (
	"experiment_id" text NOT NULL,
	"variant_id" text NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"weight" integer NOT NULL,
	"ui_layout" jsonb,
	"layout_version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "experiment_variant_pkey" PRIMARY KEY("experiment_id","variant_id")
);
--> statement-breakpoint
ALTER TABLE "experiment" ADD CONSTRAINT "experiment_game_id_game_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."game"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "experiment" ADD CONSTRAINT "experiment_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "experiment" ADD CONSTRAINT "experiment_config_id_daily_reward_id_fk" FOREIGN KEY ("config_id") REFERENCES "public"."daily_reward"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "experiment_variant" ADD CONSTRAINT "experiment_variant_experiment_id_experiment_id_fk" FOREIGN KEY ("experiment_id") REFERENCES "public"."experiment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "experiment_config_running_idx" ON "experiment" USING btree ("config_id") WHERE "experiment"."status" = 'running';--> statement-breakpoint
CREATE INDEX "experiment_config_idx" ON "experiment" USING btree ("config_id","started_at");--> statement-breakpoint
CREATE INDEX "experiment_game_idx" ON "experiment" USING btree ("game_id","owner_id");--> statement-breakpoint
-- Decision 041: experiment_assignment is written on the runtime's hot path and has no foreign keys; these
-- triggers delete its rows with their experiment (itself deleted with its config or game) or their player.
CREATE FUNCTION "experiment_assignment_experiment_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "experiment_assignment" WHERE "experiment_id" IN (SELECT "id" FROM gone);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "experiment_assignment_experiment_delete" AFTER DELETE ON "experiment" REFERENCING OLD TABLE AS gone
  FOR EACH STATEMENT EXECUTE FUNCTION "experiment_assignment_experiment_delete"();--> statement-breakpoint
CREATE FUNCTION "experiment_assignment_player_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Through the player's game's experiments, so the primary key (experiment_id, player_ref) finds the rows.
  DELETE FROM "experiment_assignment" WHERE ("experiment_id", "player_ref") IN
    (SELECT "experiment"."id", gone."id" FROM gone JOIN "experiment" ON "experiment"."game_id" = gone."game_id");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "experiment_assignment_player_delete" AFTER DELETE ON "player" REFERENCING OLD TABLE AS gone
  FOR EACH STATEMENT EXECUTE FUNCTION "experiment_assignment_player_delete"();
