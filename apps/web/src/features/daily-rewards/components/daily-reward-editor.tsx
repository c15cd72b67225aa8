import { Package, Trash2 } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import {
  DAILY_REWARD_MESSAGES,
  DAILY_REWARD_CYCLE_DAYS,
  DAILY_REWARD_SAVE_ERROR_MS,
  DAILY_REWARD_SAVED_MESSAGE_MS,
  missingDays,
  missingDaysMessage,
  type DailyReward,
} from '@liveops/domain/daily-rewards';
import { type DailyRewardTargeting } from '@liveops/domain/targeting';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LeaveDialog } from '../../../components/leave-dialog';
import { LoadError } from '../../../components/load-error';
import { SaveBar } from '../../../components/save-bar';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { useDeleteDailyReward } from '../../../lib/api/daily-rewards/delete-daily-reward';
import { useUpdateDailyReward } from '../../../lib/api/daily-rewards/update-daily-reward';
import { useItems } from '../../../lib/api/items/get-items';
import { queryKeys } from '../../../lib/api/query-keys';
import { usePacks } from '../../../lib/api/packs/get-packs';
import { useLeaveGuard, type Leaves } from '../../../lib/use-leave-guard';
import { useTimedMessage } from '../../../lib/use-timed-message';
import { rulesFromDraft, useDayRulesDraft } from '../day-rules-draft';
import type { ExperimentFormValues } from '../experiment-draft';
import { panelSaveFailure, panelSaveInput } from '../panel-save';
import { formValuesOf } from '../targeting-form';
import { CYCLE_DAYS, draftFromRewards, isSameDraft, rewardsFromDraft, type RewardDraft } from '../reward-draft';
import { useTargetingForm } from '../use-targeting-form';
import { useVariantsForm } from '../use-variants-form';
import { DailyRewardName } from './daily-reward-name';
import { DayRules } from './day-rules';
import { DaySlot } from './day-slot';
import { ExperimentSection } from './experiment-section';
import { TargetingSection } from './targeting-section';
import styles from './daily-reward-editor.module.css';

/** A form's values as its resolver outputs them, or null (its fields then show why). */
function validValues<T>(submit: (valid: (values: T) => void, invalid: () => void) => () => Promise<void>) {
  return new Promise<T | null>((resolve) => {
    void submit(resolve, () => resolve(null))();
  });
}

/**
 * The selected config: its name, the 7-day draft, the runtime's day rules, its targeting and its running
 * experiment's variants, with one save for all of them (decision 055: one PATCH, stored in one transaction, one
 * outcome), and delete. Mounted per config (keyed by id), so selecting another config starts from what is stored.
 * While anything is unsaved, an address that `leaves` this config (another config, tab or page) asks first, as the
 * UI editor does.
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
  // The rewardsVersion the edits started from: a save over days saved since (another tab) is refused (decision 032).
  const [baseVersion, setBaseVersion] = useState(config.rewardsVersion);
  // Set when the server refused a save because the days changed meanwhile: reload them, or overwrite them.
  const [conflict, setConflict] = useState(false);
  const draft = edits ?? stored;
  const daysDirty = edits !== null && !isSameDraft(edits, stored);
  const missing = missingDays(rewardsFromDraft(draft));
  // The runtime's day rules (decision 035), the targeting (decision 038) and the variants (decision 046) each keep
  // a draft; the one save sends what changed of them all.
  const rules = useDayRulesDraft(config);
  const targeting = useTargetingForm(config);
  const targetingDirty = targeting.form.formState.isDirty;
  const variants = useVariantsForm(config);
  const dirty = daysDirty || rules.dirty || targetingDirty || variants.dirty;
  const blocker = useLeaveGuard(dirty, leaves);

  const choose = (day: number, packId: string) => {
    // A clean draft follows the stored days, so its first edit starts from the version shown.
    if (edits === null) setBaseVersion(config.rewardsVersion);
    const next = draft.map((current, index) => (index === day - 1 ? packId : current));
    setEdits(isSameDraft(next, stored) ? null : next);
  };
  const discard = () => {
    setEdits(null);
    setConflict(false);
    rules.reset();
    // Both forms follow the stored values with keepDirtyValues, which reset() applies too unless told otherwise.
    targeting.form.reset(formValuesOf(targeting.stored), { keepDirtyValues: false });
    variants.form.reset(variants.values, { keepDirtyValues: false });
  };
  /** Saves what changed, over the days' version it started from; `overwrite` saves whatever was saved meanwhile. */
  const save = async (overwrite = false) => {
    if (update.isPending || !dirty) return;
    if (daysDirty && missing.length) {
      show('missing', missingDaysMessage(missing), DAILY_REWARD_SAVE_ERROR_MS);
      return;
    }
    const rulesInput = rules.dirty ? rulesFromDraft(rules.draft) : null;
    const targetingInput = targetingDirty ? await validValues<DailyRewardTargeting>(targeting.form.handleSubmit) : null;
    const variantsInput = variants.dirty ? await validValues<ExperimentFormValues>(variants.form.handleSubmit) : null;
    if ((rules.dirty && !rulesInput) || (targetingDirty && !targetingInput) || (variants.dirty && !variantsInput)) {
      show('failed', DAILY_REWARD_MESSAGES.panelCheckFields, DAILY_REWARD_SAVE_ERROR_MS);
      return;
    }
    const input = panelSaveInput({
      days: daysDirty
        ? { rewards: rewardsFromDraft(draft), ...(overwrite ? {} : { baseRewardsVersion: baseVersion }) }
        : null,
      rules: rulesInput,
      targeting: targetingInput,
      variants: variantsInput?.variants ?? null,
    });
    if (!input) return;
    update.mutate(
      { dailyRewardId: config.id, input },
      {
        onSuccess: (saved) => {
          setEdits(null);
          setConflict(false);
          rules.reset();
          targeting.form.reset(formValuesOf(saved.targeting), { keepDirtyValues: false });
          variants.form.reset(
            { variants: (saved.experiment?.variants ?? []).map(({ id, name, weight }) => ({ id, name, weight })) },
            { keepDirtyValues: false },
          );
          show('saved', DAILY_REWARD_MESSAGES.saved, DAILY_REWARD_SAVED_MESSAGE_MS);
        },
        onError: (error) => {
          const failure = panelSaveFailure(error, DAILY_REWARD_MESSAGES.saveFailed);
          if (failure.kind === 'conflict') {
            setConflict(true);
            return;
          }
          if (failure.targetingField) targeting.form.setError(failure.targetingField, { message: failure.message });
          show('failed', failure.message, DAILY_REWARD_SAVE_ERROR_MS);
        },
      },
    );
  };
  const submit = () => void save();
  /** The conflict's "reload": the days' edits go, and the slots show the days as saved (the list refetches). */
  const reload = () => {
    setEdits(null);
    setConflict(false);
    void queryClient.invalidateQueries({ queryKey: queryKeys.dailyRewards.list(gameId) });
  };
  const errorText = message && message.kind !== 'saved' ? message.text : null;

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
                <Button size="sm" onClick={() => void save(true)} loading={update.isPending}>
                  {DAILY_REWARD_MESSAGES.conflictOverwrite}
                </Button>
              </div>
            </div>
          ) : null}
          <p className={`muted ${styles.daysNote}`}>
            {missing.length === 0
              ? `All ${CYCLE_DAYS.length} days have a pack`
              : `${CYCLE_DAYS.length - missing.length} of ${CYCLE_DAYS.length} days have a pack`}
          </p>
        </>
      )}
      <DayRules config={config} rules={rules} onSubmit={submit} />
      <TargetingSection gameId={gameId} config={config} targeting={targeting} onSubmit={submit} />
      <ExperimentSection gameId={gameId} config={config} variants={variants} onSubmit={submit} />
      <SaveBar
        sticky
        label={`Save ${config.name}`}
        dirty={dirty}
        saving={update.isPending}
        dirtyLabel={DAILY_REWARD_MESSAGES.saveButtonDirty}
        cleanLabel={DAILY_REWARD_MESSAGES.saveButtonClean}
        saved={message?.kind === 'saved' ? message.text : null}
        error={errorText}
        onSave={submit}
        onDiscard={discard}
      />
      <LeaveDialog
        blocker={blocker}
        title={DAILY_REWARD_MESSAGES.panelLeaveTitle}
        text={DAILY_REWARD_MESSAGES.panelLeaveText(config.name)}
      />
    </section>
  );
}
