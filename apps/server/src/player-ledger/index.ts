/*
 * The player ledger: the one door of every balance change (decision 059), as Nakama's core_wallet is. A daily
 * reward's claim, a game backend's grant or consume, a new player's starting amounts and a support grant all write
 * the balance and its ledger entry here, in the caller's statement or transaction; so do the rows that move a
 * player's daily-reward progress. Every write of it is once per Idempotency-Key, through one replay. No other
 * module writes wallet_balance, wallet_ledger, wallet_operation or daily_reward_claim: lint refuses it.
 */
export { balancesOf, ledgerOf, type Balance, type LedgerRow } from './balances';
export { BALANCES_MARK, createClaimWriter, type ClaimWrite, type ClaimWriter } from './claim-writer';
export { addToBalances, startingAmounts } from './grants';
export { lastProgress, writeProgress, type ProgressRow } from './progress';
export { onceByKey, replayOf, requestHash, type KeyedRecord, type Replayed } from './replay';
export { walletOperationOnce, type WalletOperation, type WalletOutcome } from './wallet-operations';
