CREATE TABLE "server_instance" (
	"id" text PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "storage_intent" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"prefix" text NOT NULL,
	"instance_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "storage_intent_instance_idx" ON "storage_intent" USING btree ("instance_id");