ALTER TABLE "daily_reward_claim" DROP CONSTRAINT "daily_reward_claim_player_ref_player_id_fk";
--> statement-breakpoint
ALTER TABLE "daily_reward_claim" DROP CONSTRAINT "daily_reward_claim_config_id_daily_reward_id_fk";
--> statement-breakpoint
ALTER TABLE "wallet_balance" DROP CONSTRAINT "wallet_balance_player_ref_player_id_fk";
--> statement-breakpoint
ALTER TABLE "wallet_ledger" DROP CONSTRAINT "wallet_ledger_player_ref_player_id_fk";
--> statement-breakpoint
DROP INDEX "daily_reward_claim_seq_idx";--> statement-breakpoint
ALTER TABLE "daily_reward_claim" DROP CONSTRAINT "daily_reward_claim_pkey";--> statement-breakpoint
ALTER TABLE "daily_reward_claim" ADD CONSTRAINT "daily_reward_claim_pkey" PRIMARY KEY("player_ref","config_id","seq");--> statement-breakpoint
-- Decision 041: the hot player tables carry no foreign keys (a key check locks the referenced row on every claim);
-- these triggers delete a player's rows with the player, and a config's claims with the config, as the cascades did.
CREATE FUNCTION "player_children_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "wallet_balance" WHERE "player_ref" IN (SELECT "id" FROM gone);
  DELETE FROM "wallet_ledger" WHERE "player_ref" IN (SELECT "id" FROM gone);
  DELETE FROM "daily_reward_claim" WHERE "player_ref" IN (SELECT "id" FROM gone);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "player_children_delete" AFTER DELETE ON "player" REFERENCING OLD TABLE AS gone
  FOR EACH STATEMENT EXECUTE FUNCTION "player_children_delete"();--> statement-breakpoint
CREATE FUNCTION "daily_reward_claims_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "daily_reward_claim" WHERE "config_id" IN (SELECT "id" FROM gone);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "daily_reward_claims_delete" AFTER DELETE ON "daily_reward" REFERENCING OLD TABLE AS gone
  FOR EACH STATEMENT EXECUTE FUNCTION "daily_reward_claims_delete"();
