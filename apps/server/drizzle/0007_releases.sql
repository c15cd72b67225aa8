CREATE TABLE "release" (
	"id" text PRIMARY KEY NOT NULL,
	"game_id" text NOT NULL,
	"owner_id" text NOT NULL,
	"version" integer NOT NULL,
	"status" text NOT NULL,
	"live" boolean DEFAULT false NOT NULL,
	"artifacts" jsonb NOT NULL,
	"warnings" jsonb NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "release" ADD CONSTRAINT "release_game_id_game_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."game"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release" ADD CONSTRAINT "release_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "release_game_version_idx" ON "release" USING btree ("game_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "release_game_live_idx" ON "release" USING btree ("game_id") WHERE "release"."live";