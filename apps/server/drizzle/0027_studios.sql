CREATE TABLE "studio" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"logo" text,
	"metadata" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "studio_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "studio_invitation" (
	"id" text PRIMARY KEY NOT NULL,
	"studio_id" text NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"inviter_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "studio_member" (
	"id" text PRIMARY KEY NOT NULL,
	"studio_id" text NOT NULL,
	"user_id" text NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Every account becomes the owner of its own studio (decision 064). The studio takes the account's id, so every
-- owner_id already names it: no game, key or address changes. Open sessions show that studio.
INSERT INTO "studio" ("id", "name", "slug", "created_at")
SELECT u."id",
  left(coalesce(nullif(btrim(u."name"), ''), split_part(u."email", '@', 1)), 80) || '''s studio',
  u."id", u."created_at"
FROM "user" u;
--> statement-breakpoint
INSERT INTO "studio_member" ("id", "studio_id", "user_id", "role", "created_at")
SELECT 'm_' || u."id", u."id", u."id", 'owner', u."created_at" FROM "user" u;
--> statement-breakpoint
ALTER TABLE "asset" DROP CONSTRAINT "asset_owner_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "daily_reward" DROP CONSTRAINT "daily_reward_owner_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "experiment" DROP CONSTRAINT "experiment_owner_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "game" DROP CONSTRAINT "game_owner_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "item" DROP CONSTRAINT "item_owner_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "pack" DROP CONSTRAINT "pack_owner_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "release" DROP CONSTRAINT "release_owner_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "segment" DROP CONSTRAINT "segment_owner_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "support_action" DROP CONSTRAINT "support_action_owner_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "test_player" DROP CONSTRAINT "test_player_owner_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "session" ADD COLUMN "active_studio_id" text;--> statement-breakpoint
UPDATE "session" SET "active_studio_id" = "user_id";--> statement-breakpoint
ALTER TABLE "studio_invitation" ADD CONSTRAINT "studio_invitation_studio_id_studio_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studio"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "studio_invitation" ADD CONSTRAINT "studio_invitation_inviter_id_user_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "studio_member" ADD CONSTRAINT "studio_member_studio_id_studio_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studio"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "studio_member" ADD CONSTRAINT "studio_member_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "studio_invitation_studio_idx" ON "studio_invitation" USING btree ("studio_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "studio_member_studio_user_idx" ON "studio_member" USING btree ("studio_id","user_id");--> statement-breakpoint
CREATE INDEX "studio_member_user_idx" ON "studio_member" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "asset" ADD CONSTRAINT "asset_owner_id_studio_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."studio"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_reward" ADD CONSTRAINT "daily_reward_owner_id_studio_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."studio"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "experiment" ADD CONSTRAINT "experiment_owner_id_studio_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."studio"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game" ADD CONSTRAINT "game_owner_id_studio_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."studio"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item" ADD CONSTRAINT "item_owner_id_studio_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."studio"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pack" ADD CONSTRAINT "pack_owner_id_studio_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."studio"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release" ADD CONSTRAINT "release_owner_id_studio_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."studio"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "segment" ADD CONSTRAINT "segment_owner_id_studio_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."studio"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_action" ADD CONSTRAINT "support_action_owner_id_studio_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."studio"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_player" ADD CONSTRAINT "test_player_owner_id_studio_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."studio"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "studio_invitation" ADD COLUMN "game_ids" jsonb;--> statement-breakpoint
ALTER TABLE "studio_invitation" ADD COLUMN "sent_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "studio_member" ADD COLUMN "game_ids" jsonb;--> statement-breakpoint
CREATE INDEX "studio_invitation_email_idx" ON "studio_invitation" USING btree ("email");