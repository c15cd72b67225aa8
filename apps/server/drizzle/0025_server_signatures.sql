CREATE TABLE "server_signature" (
	"hash" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "server_signature_expires_idx" ON "server_signature" USING btree ("expires_at");