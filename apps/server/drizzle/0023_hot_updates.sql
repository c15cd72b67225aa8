-- Room on each page for a row's next version (issue 21): a session's update of its player and a grant's update of a
-- balance then stay on their page (a HOT update, no new index entries) more often. Measured by bench:runtime:
-- player 64 % → 74 % of updates HOT, wallet_balance 19 % → 40 %, for 8–10 % more bytes a row. Only pages written
-- from now on get the room; existing ones fill up as rows are updated.
ALTER TABLE "player" SET (fillfactor = 85);--> statement-breakpoint
ALTER TABLE "wallet_balance" SET (fillfactor = 80);
