import { Check, Package, Trash2 } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import {
  DAILY_REWARD_CYCLE_DAYS,
  DAILY_REWARD_MESSAGES,
  DAILY_REWARD_SAVE_ERROR_MS,
  DAILY_REWARD_SAVED_MESSAGE_MS,
  missingDays,
  missingDaysMessage,
  TARGETING_MESSAGES,
  type DailyReward,
} from '@liveops/domain';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ApiError } from '../../../lib/api-client';
import { LeaveDialog } from '../../../components/leave-dialog';
import { LoadError } from '../../../components/load-error';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { useDeleteDailyReward } from '../../../lib/api/daily-rewards/delete-daily-reward';
import { useUpdateDailyReward } from '../../../lib/api/daily-rewards/update-daily-reward';
import { useItems } from '../../../lib/api/items/get-items';
import { queryKeys } from '../../../lib/api/query-keys';
import { usePacks } from '../../../lib/api/packs/get-packs';
import { useLeaveGuard, type Leaves } from '../../../lib/use-leave-guard';
import { useDayRulesDraft } from '../day-rules-draft';
import { CYCLE_DAYS, draftFromRewards, isSameDraft, rewardsFromDraft, type RewardDraft } from '../reward-draft';
import { useTargetingForm } from '../use-targeting-form';
import { useTimedMessage } from '../use-timed-message';
import { DailyRewardName } from './daily-reward-name';
import { DayRules } from './day-rules';
import { DaySlot } from './day-slot';
import { ExperimentSection } from './experiment-section';
import { TargetingSection } from './targeting-section';
import styles from './daily-reward-editor.module.css';
import section from './config-section.module.css';

/**
 * §4 the selected config: its name, the 7-day draft and its save, delete, the runtime's day rules and its
 * targeting. Mounted per config (keyed by id), so selecting another config starts from its stored days. While the
 * draft has unsaved days, rules or targeting, an address that `leaves` this config (another config, tab or page)
 * asks first, as the UI editor does.
 */
export function DailyRewardEditor({ gameId, config, leaves }: { gameId: string; config: DailyReward; leaves: Leaves }) {
  const packs = usePacks(gameId);
  const items = useItems(gameId);
  const update = useUpdateDailyReward(gameId);
  const queryClient = useQueryClient();
  const remove = useDeleteDailyReward(gameId);
  const { message, show } = useTimedMessage<'saved' | 'failed' | 'missing'>();
  const stored = draftFromRewards(config.rewards);
  // null while the draft is clean: the slots then follow the stored config, live updates included.
  const [edits, setEdits] = useState<RewardDraft | null>(null);
  // The rewardsVersion the edits started from: a save over days saved since (another tab) is refused (issue 24).
  const [baseVersion, setBaseVersion] = useState(config.rewardsVersion);
  // Set when the server refused a save because the days changed meanwhile: reload them, or overwrite them.
  const [conflict, setConflict] = useState(false);
  const draft = edits ?? stored;
  const dirty = edits !== null && !isSameDraft(edits, stored);
  const missing = missingDays(rewardsFromDraft(draft));
  const errorText = message && message.kind !== 'saved' ? message.text : null;
  // The runtime's day rules have a draft of their own, saved apart from the days (decision 035).
  const rules = useDayRulesDraft(config);
  // So does its targeting (decision 038).
  const targeting = useTargetingForm(config);
  const targetingDirty = targeting.form.formState.isDirty;
  const blocker = useLeaveGuard(dirty || rules.dirty || targetingDirty, leaves);

  const choose = (day: number, packId: string) => {
    // A clean draft follows the stored days, so its first edit starts from the version shown.
    if (edits === null) setBaseVersion(config.rewardsVersion);
    const next = draft.map((current, index) => (index === day - 1 ? packId : current));
    setEdits(isSameDraft(next, stored) ? null : next);
  };
  /** Saves the draft over the version it started from; `overwrite` saves it whatever was saved meanwhile. */
  const save = (overwrite = false) => {
    if (missing.length) {
      show('missing', missingDaysMessage(missing), DAILY_REWARD_SAVE_ERROR_MS);
      return;
    }
    const rewards = rewardsFromDraft(draft);
    update.mutate(
      {
        dailyRewardId: config.id,
        input: {
          rewards,
          cycleDays: DAILY_REWARD_CYCLE_DAYS,
          ...(overwrite ? {} : { baseRewardsVersion: edits === null ? config.rewardsVersion : baseVersion }),
        },
      },
      {
        onSuccess: () => {
          setEdits(null);
          setConflict(false);
          show('saved', DAILY_REWARD_MESSAGES.saved, DAILY_REWARD_SAVED_MESSAGE_MS);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409 && error.code === 'DAILY_REWARD_CONFLICT') {
            setConflict(true);
            return;
          }
          show('failed', DAILY_REWARD_MESSAGES.saveFailed, DAILY_REWARD_SAVE_ERROR_MS);
        },
      },
    );
  };
  /** The conflict's "reload": the edits go, and the slots show the days as saved (the list refetches). */
  const reload = () => {
    setEdits(null);
    setConflict(false);
    void queryClient.invalidateQueries({ queryKey: queryKeys.dailyRewards.list(gameId) });
  };

  return (
    <section className={`panel ${styles.editor}`} aria-label={`Edit ${config.name}`}>
      <div className={styles.header}>
        <DailyRewardName gameId={gameId} config={config} />
        <ConfirmDialog
          title={DAILY_REWARD_MESSAGES.deleteConfirm}
          onConfirm={() =>
            remove.mutate(config.id, {
              onError: (error) => toast.error(error.message || 'Delete failed. Please try again.'),
            })
          }
          trigger={
            <Button variant="secondary" size="sm" aria-label={`Delete ${config.name}`} loading={remove.isPending}>
              <Trash2 size={14} aria-hidden />
              Delete
            </Button>
          }
        />
      </div>
      <p className={`muted ${styles.intro}`}>
        A {DAILY_REWARD_CYCLE_DAYS}-day cycle: players get one pack per day, then the cycle starts again.
      </p>

      {packs.isPending ? (
        <p className="muted">Loading packs…</p>
      ) : packs.isError ? (
        <LoadError message="Could not load packs." onRetry={() => void packs.refetch()} />
      ) : packs.data.length === 0 ? (
        <div className={`empty-state ${styles.noPacks}`}>
          <Package size={28} aria-hidden className="placeholder-icon" />
          <p>This game has no packs yet. Each day of the cycle gives a pack.</p>
          <Button asChild variant="secondary" size="sm">
            <Link to={paths.game(gameId, 'inventory')}>Create packs in Inventory</Link>
          </Button>
        </div>
      ) : (
        <>
          <ol className={styles.dayGrid} aria-label="Packs per day">
            {CYCLE_DAYS.map((day) => (
              <DaySlot
                key={day}
                configId={config.id}
                day={day}
                packId={draft[day - 1] ?? ''}
                packs={packs.data}
                items={items.data ?? []}
                missing={message?.kind === 'missing' && missing.includes(day)}
                final={day === CYCLE_DAYS.length}
                onChange={(packId) => choose(day, packId)}
              />
            ))}
          </ol>
          {conflict ? (
            <div role="alert" className={styles.conflict}>
              <p>{DAILY_REWARD_MESSAGES.rewardsConflict}</p>
              <div className={styles.conflictActions}>
                <Button variant="secondary" size="sm" onClick={reload}>
                  {DAILY_REWARD_MESSAGES.conflictReload}
                </Button>
                <Button size="sm" onClick={() => save(true)} loading={update.isPending}>
                  {DAILY_REWARD_MESSAGES.conflictOverwrite}
                </Button>
              </div>
            </div>
          ) : null}
          <div className={`${section.save} ${styles.save}`}>
            <div className={section.message}>
              <p role="status" className="flash">
                {message?.kind === 'saved' ? message.text : null}
              </p>
              <p role="alert" className={section.error}>
                {errorText}
              </p>
              {message ? null : (
                <p className="muted">
                  {missing.length === 0
                    ? `All ${CYCLE_DAYS.length} days have a pack`
                    : `${CYCLE_DAYS.length - missing.length} of ${CYCLE_DAYS.length} days have a pack`}
                </p>
              )}
            </div>
            <Button onClick={() => save()} disabled={!dirty} loading={update.isPending}>
              {dirty ? null : <Check size={16} aria-hidden />}
              {dirty ? DAILY_REWARD_MESSAGES.saveButtonDirty : DAILY_REWARD_MESSAGES.saveButtonClean}
            </Button>
          </div>
        </>
      )}
      <DayRules gameId={gameId} config={config} rules={rules} />
      <TargetingSection gameId={gameId} config={config} targeting={targeting} />
      <ExperimentSection gameId={gameId} config={config} />
      <LeaveDialog
        blocker={blocker}
        title={
          dirty
            ? DAILY_REWARD_MESSAGES.leaveTitle
            : rules.dirty
              ? DAILY_REWARD_MESSAGES.rulesLeaveTitle
              : TARGETING_MESSAGES.leaveTitle
        }
        text={
          dirty
            ? DAILY_REWARD_MESSAGES.leaveText(config.name)
            : rules.dirty
              ? DAILY_REWARD_MESSAGES.rulesLeaveText(config.name)
              : TARGETING_MESSAGES.leaveText(config.name)
        }
      />
    </section>
  );
}
