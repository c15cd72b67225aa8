ALTER TABLE "item" ADD COLUMN "key" text;--> statement-breakpoint
ALTER TABLE "item" ADD COLUMN "key_fixed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pack" ADD COLUMN "key" text;--> statement-breakpoint
ALTER TABLE "pack" ADD COLUMN "key_fixed" boolean DEFAULT false NOT NULL;
-- Keys for the items and packs that exist (decision 051): from the name as suggestInventoryKey derives them (lower
-- case, every run of other characters one underscore; the kind before a leading digit; the kind for a name without
-- letters or digits; at most 64 characters), numbered _2, _3, … in creation order where a game has two alike, and
-- the id's first hex digits after any that still meet another's key. None is fixed: no release held a key yet.
--> statement-breakpoint
WITH words AS (
  SELECT id, game_id, created_at,
         regexp_replace(regexp_replace(lower(name), '[^a-z0-9]+', '_', 'g'), '^_+|_+$', '', 'g') AS w
  FROM "item"
), bases AS (
  SELECT id, game_id, created_at,
         rtrim(left(CASE WHEN w = '' THEN 'item' WHEN w ~ '^[0-9]' THEN 'item_' || w ELSE w END, 64), '_') AS base
  FROM words
), numbered AS (
  SELECT id, game_id, base, row_number() OVER (PARTITION BY game_id, base ORDER BY created_at, id) AS n FROM bases
)
UPDATE "item" t
SET "key" = CASE WHEN n = 1 THEN base ELSE rtrim(left(base, 64 - length('_' || n)), '_') || '_' || n END
FROM numbered WHERE numbered.id = t.id;
--> statement-breakpoint
WITH clashes AS (
  SELECT id, row_number() OVER (PARTITION BY game_id, "key" ORDER BY created_at, id) AS n FROM "item"
)
UPDATE "item" t
SET "key" = rtrim(left(t."key", 55), '_') || '_' || left(regexp_replace(lower(t.id), '[^a-z0-9]', '', 'g'), 8)
FROM clashes WHERE clashes.id = t.id AND clashes.n > 1;--> statement-breakpoint
WITH words AS (
  SELECT id, game_id, created_at,
         regexp_replace(regexp_replace(lower(name), '[^a-z0-9]+', '_', 'g'), '^_+|_+$', '', 'g') AS w
  FROM "pack"
), bases AS (
  SELECT id, game_id, created_at,
         rtrim(left(CASE WHEN w = '' THEN 'pack' WHEN w ~ '^[0-9]' THEN 'pack_' || w ELSE w END, 64), '_') AS base
  FROM words
), numbered AS (
  SELECT id, game_id, base, row_number() OVER (PARTITION BY game_id, base ORDER BY created_at, id) AS n FROM bases
)
UPDATE "pack" t
SET "key" = CASE WHEN n = 1 THEN base ELSE rtrim(left(base, 64 - length('_' || n)), '_') || '_' || n END
FROM numbered WHERE numbered.id = t.id;
--> statement-breakpoint
WITH clashes AS (
  SELECT id, row_number() OVER (PARTITION BY game_id, "key" ORDER BY created_at, id) AS n FROM "pack"
)
UPDATE "pack" t
SET "key" = rtrim(left(t."key", 55), '_') || '_' || left(regexp_replace(lower(t.id), '[^a-z0-9]', '', 'g'), 8)
FROM clashes WHERE clashes.id = t.id AND clashes.n > 1;

--> statement-breakpoint
ALTER TABLE "item" ALTER COLUMN "key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "pack" ALTER COLUMN "key" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "item_game_key_idx" ON "item" USING btree ("game_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "pack_game_key_idx" ON "pack" USING btree ("game_id","key");