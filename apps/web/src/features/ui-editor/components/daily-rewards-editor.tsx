import { useQueryClient } from '@tanstack/react-query';
import { TriangleAlert } from 'lucide-react';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState, type ReactNode } from 'react';
import { type DailyReward, type DailyRewardsParams } from '@liveops/domain/daily-rewards';
import { ACCENT_COLOR, SCREEN_BACKGROUND_COLOR, defaultCanvasSize, UI_EDITOR_MESSAGES } from '@liveops/domain/layout';
import { type EmbedConfig } from '@liveops/domain/popup';
import { dailyRewardsDecorator, DailyRewardsView } from '@liveops/views';
import { PreviewFrame } from '../../../components/preview-frame/preview-frame';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { RequestTimeout } from '../../../lib/api-client';
import { paths } from '../../../config/paths';
import { useAssets } from '../../../lib/api/assets/get-assets';
import { dailyRewardQueryOptions } from '../../../lib/api/daily-rewards/get-daily-reward';
import { isLayoutConflict, useSaveDailyRewardLayout } from '../../../lib/api/daily-rewards/save-daily-reward-layout';
import { useSaveExperimentVariantLayout } from '../../../lib/api/daily-rewards/save-experiment-variant-layout';
import { isMissingLabel, loadedLayout, missingLabelWarnings } from '../loaded-layout';
import { nodeRendering } from '../node-rendering';
import { editorReducer, type EditorState, findNode, initialEditorState, layoutForSave } from '../state/editor-state';
import { useLeaveGuard, type Leaves } from '../../../lib/use-leave-guard';
import { editedLayout } from '../edited-layout';
import { useUndoShortcuts } from '../use-undo-shortcuts';
import { EditorDialog } from './editor-dialog';
import { EditorHeader } from './editor-header';
import { HierarchyPanel } from './hierarchy-panel';
import { PropertiesPanel } from './properties-panel';
import frame from '../ui-editor.module.css';
import styles from './daily-rewards-editor.module.css';

/** The editor's preview shows day 1 as today: a first visit, every card upcoming but the first. */
const PREVIEW_PARAMS: DailyRewardsParams = { streak: 0 };

/** What a failed save says: the server's message, that it got no answer in time, or that it failed. */
function saveErrorMessage(error: unknown) {
  if (error instanceof RequestTimeout) return UI_EDITOR_MESSAGES.saveTimedOut;
  return error instanceof Error && error.message ? error.message : UI_EDITOR_MESSAGES.saveFailed;
}

/** A theme colour as DailyRewardsView takes it: #RRGGBB, else the spec's default. */
const HEX = /^#[0-9A-Fa-f]{6}$/;
const themeHex = (value: string | undefined, fallback: string) => (value && HEX.test(value) ? value : fallback);

/**
 * The UI editor on one daily reward config: the hierarchy, the live preview and the properties of the selected
 * component, all changed through the editor's reducer; saved with the layoutVersion it started from, so a save
 * over another tab's newer layout is refused and the developer chooses to reload or overwrite.
 */
export function DailyRewardsEditor({
  config: stored,
  embed,
  variantId = null,
  switcher,
  leaves,
  variantGone = null,
}: {
  config: DailyReward;
  embed: EmbedConfig | null;
  /** An experiment variant other than the control (decision 046): its layout is edited and saved instead. */
  variantId?: string | null;
  switcher?: ReactNode;
  /** Which addresses leave what is edited (another variant does); by default another page. */
  leaves?: Leaves;
  /**
   * The variant edited no longer exists (its experiment ended or a variant was promoted elsewhere): `config` is
   * the last one that had it, `current` the config now. The editor keeps its document and says so; the unsaved
   * changes can be saved as the config's own layout, or left when opening it (which asks first).
   */
  variantGone?: { current: DailyReward; openConfig: () => void } | null;
}) {
  // The config as the editor sees it: with the variant's layout and version when it edits a variant.
  const { config, variant } = useMemo(() => editedLayout(stored, variantId), [stored, variantId]);
  const queryClient = useQueryClient();
  // A config with no layout yet opens with the default layout of its game's orientation (decision 023).
  const orientation = embed?.orientation;
  const [opened] = useState(() => loadedLayout(config, orientation));
  // Warnings about how the stored layout was read (shown as text) come from loading it; those about a missing
  // Popup Frame or Rewards Grid follow the document.
  const [readWarnings, setReadWarnings] = useState(() => opened.warnings.filter((w) => !isMissingLabel(w)));
  const [state, dispatch] = useReducer(editorReducer, undefined, () =>
    initialEditorState(opened.layout, config.layoutVersion, opened.changed, opened.stored),
  );
  const latest = useRef<EditorState>(state);
  useEffect(() => {
    latest.current = state;
  }, [state]);

  const saveConfig = useSaveDailyRewardLayout(config.gameId, config.id);
  const saveVariant = useSaveExperimentVariantLayout(config.gameId, config.id, variant?.id ?? '');
  const save = variant ? saveVariant : saveConfig;
  const [saveError, setSaveError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const assets = useAssets(config.gameId);

  // A layout saved elsewhere reaches a clean editor at once; a dirty editor keeps its work (its save then meets
  // the conflict), and takes a newer stored layout as soon as it is clean again (one saved while it was saving).
  // A clean editor can save (the untouched default, decision 028): while that save is in flight its own echo must
  // not be taken for another tab's layout, or the document the save answers for would no longer be the editor's.
  const [savingClean, setSavingClean] = useState(false);
  const { dirty, baseVersion } = state;
  useEffect(() => {
    if (dirty || savingClean || config.layoutVersion <= baseVersion) return;
    dispatch({
      type: 'remoteChanged',
      layout: loadedLayout(config, orientation).layout,
      version: config.layoutVersion,
    });
  }, [config, dirty, savingClean, baseVersion, orientation]);

  const runSave = async (overwrite: boolean) => {
    const { document, baseVersion, dirty: wasDirty } = latest.current;
    setSaveError(null);
    if (!wasDirty) setSavingClean(true);
    try {
      const saved = await save.mutateAsync({
        uiLayout: layoutForSave(document),
        ...(overwrite ? {} : { baseVersion }),
      });
      setConflict(null);
      setReadWarnings((warnings) => warnings.filter((w) => w !== UI_EDITOR_MESSAGES.repaired));
      dispatch({ type: 'saved', version: saved.layoutVersion, document });
    } catch (error) {
      if (isLayoutConflict(error)) {
        setConflict(error.message);
        return;
      }
      // The editor stays dirty; beyond the spec's log, the developer is told.
      console.error('Could not save the layout:', error);
      setSaveError(saveErrorMessage(error));
    } finally {
      // In the same render as `saved`: the effect then sees the new baseVersion.
      setSavingClean(false);
    }
  };

  const reload = async () => {
    setConflict(null);
    const fresh = editedLayout(
      await queryClient.fetchQuery({ ...dailyRewardQueryOptions(config.id), staleTime: 0 }),
      variant?.id ?? null,
    ).config;
    const next = loadedLayout(fresh, orientation);
    setReadWarnings(next.warnings.filter((w) => !isMissingLabel(w)));
    dispatch({
      type: 'load',
      layout: next.layout,
      version: fresh.layoutVersion,
      dirty: next.changed,
      stored: next.stored,
    });
  };

  // The variant is gone: its unsaved changes can become the config's own layout (based on the config's version
  // now, so a layout saved there meanwhile is not overwritten), then the config's layout opens.
  const [openConfigWhenClean, setOpenConfigWhenClean] = useState(false);
  const openConfig = variantGone?.openConfig;
  useEffect(() => {
    if (openConfigWhenClean && !dirty) openConfig?.();
  }, [openConfigWhenClean, dirty, openConfig]);
  const saveAsConfig = async () => {
    if (!variantGone) return;
    const { document } = latest.current;
    setSaveError(null);
    try {
      const saved = await saveConfig.mutateAsync({
        uiLayout: layoutForSave(document),
        baseVersion: variantGone.current.layoutVersion,
      });
      dispatch({ type: 'saved', version: saved.layoutVersion, document });
      setOpenConfigWhenClean(true);
    } catch (error) {
      console.error('Could not save the layout as the config’s:', error);
      setSaveError(saveErrorMessage(error));
    }
  };

  const undo = useCallback(() => dispatch({ type: 'undo' }), []);
  const redo = useCallback(() => dispatch({ type: 'redo' }), []);
  useUndoShortcuts(undo, redo);
  const blocker = useLeaveGuard(state.dirty, leaves);

  const onNodeClick = useCallback((id: string) => {
    if (latest.current.selectedId !== id) dispatch({ type: 'select', id });
  }, []);
  const onNodeHover = useCallback((id: string | null) => dispatch({ type: 'hover', id }), []);

  const previewConfig = useMemo(
    () => ({
      cycleDays: config.cycleDays,
      rewards: config.rewards,
      uiTheme: embed?.uiTheme ?? null,
      orientation,
    }),
    [config.cycleDays, config.rewards, embed?.uiTheme, orientation],
  );
  // The game's assets, so a picture just picked shows before it is saved (the embed config names saved ones).
  const viewAssets = useMemo(
    () => assets.data?.map(({ assetId, url }) => ({ assetId, url })) ?? embed?.assets ?? [],
    [assets.data, embed?.assets],
  );
  // What the preview draws for the selected node, as the popup's renderer decorates it, so Properties can say
  // what renders and why (decision 028). The theme is read as DailyRewardsView reads it.
  const packs = embed?.packs;
  const decorate = useMemo(() => {
    const theme = embed?.uiTheme;
    return dailyRewardsDecorator({
      cycleDays: config.cycleDays,
      rewards: config.rewards,
      packs: packs ?? [],
      assets: new Map(viewAssets.map((asset) => [asset.assetId, asset.url])),
      params: PREVIEW_PARAMS,
      colors: {
        accent: themeHex(theme?.primaryColor, ACCENT_COLOR),
        background: themeHex(theme?.secondaryColor, SCREEN_BACKGROUND_COLOR),
      },
    });
  }, [config.cycleDays, config.rewards, packs, viewAssets, embed?.uiTheme]);
  const packOfDay = useCallback(
    (day: number) => {
      const packId = config.rewards.find((entry) => entry.day === day)?.packId;
      return packs?.find((pack) => pack.id === packId);
    },
    [config.rewards, packs],
  );
  const rendering = useMemo(
    () => (state.selectedId ? nodeRendering(state.document, state.selectedId, decorate, packOfDay) : null),
    [state.document, state.selectedId, decorate, packOfDay],
  );
  const missingLabels = useMemo(() => missingLabelWarnings(state.document), [state.document]);
  // A layout shown as text says why already; a repaired one still says which needed nodes it lacks.
  const shownAsText = readWarnings.some((w) => w !== UI_EDITOR_MESSAGES.repaired);
  const warnings = shownAsText ? readWarnings : [...readWarnings, ...missingLabels];
  const selected = state.selectedId ? findNode(state.document, state.selectedId) : null;

  return (
    <div className={frame.editor}>
      <EditorHeader
        backTo={paths.game(config.gameId, 'daily-rewards')}
        configName={variant ? `${config.name} · variant ${variant.name}` : config.name}
        switcher={switcher}
        dirty={state.dirty}
        layoutStored={state.layoutStored}
        saving={save.isPending}
        canUndo={state.past.length > 0}
        canRedo={state.future.length > 0}
        onUndo={undo}
        onRedo={redo}
        onSave={() => void runSave(false)}
        cannotSave={variantGone !== null}
      />
      {variantGone && variant ? (
        <Alert tone="error">
          <p className={styles.goneText}>
            <strong>Variant {variant.name} no longer exists.</strong> Its experiment was ended, or a variant promoted,
            elsewhere (in another tab or by someone else).{' '}
            {state.dirty
              ? `Your unsaved changes are still here, but they can no longer be saved as ${variant.name}: save them as the config’s own layout, or open the config’s layout and leave them.`
              : 'Nothing unsaved is lost: open the config’s layout to go on editing.'}
          </p>
          <div className={styles.goneActions}>
            {state.dirty ? (
              <Button size="sm" onClick={() => void saveAsConfig()} loading={saveConfig.isPending}>
                Save as the config’s layout
              </Button>
            ) : null}
            <Button size="sm" variant="secondary" onClick={variantGone.openConfig}>
              Open the config’s layout
            </Button>
          </div>
        </Alert>
      ) : null}
      {warnings.length > 0 && (
        <div className={styles.notice} role="status">
          <TriangleAlert size={16} aria-hidden />
          <ul>
            {warnings.map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </ul>
        </div>
      )}
      {saveError && <Alert tone="error">{saveError}</Alert>}
      <div className={frame.columns}>
        <HierarchyPanel
          document={state.document}
          selectedId={state.selectedId}
          hoveredId={state.hoveredId}
          dispatch={dispatch}
        />
        {/* ui-editor-preview: the browser tests' hook. */}
        <section className={`panel ui-editor-preview ${frame.column}`} aria-labelledby="ui-editor-preview-heading">
          <h2 className="panel-title" id="ui-editor-preview-heading">
            Preview
          </h2>
          <PreviewFrame title="Layout preview" defaultSize={defaultCanvasSize(orientation)} zoomable>
            <DailyRewardsView
              config={previewConfig}
              layout={state.document}
              packs={embed?.packs ?? []}
              assets={viewAssets}
              params={PREVIEW_PARAMS}
              selectedId={state.selectedId}
              hoveredId={state.hoveredId}
              onNodeClick={onNodeClick}
              onNodeHover={onNodeHover}
            />
          </PreviewFrame>
        </section>
        <PropertiesPanel node={selected} assets={assets.data ?? []} rendering={rendering} dispatch={dispatch} />
      </div>
      <EditorDialog
        open={conflict !== null}
        title={UI_EDITOR_MESSAGES.conflictTitle}
        description={conflict ?? ''}
        onDismiss={() => setConflict(null)}
      >
        <Button variant="secondary" onClick={() => setConflict(null)}>
          Cancel
        </Button>
        <Button variant="secondary" onClick={() => void reload()}>
          Reload
        </Button>
        <Button onClick={() => void runSave(true)} loading={save.isPending}>
          Overwrite
        </Button>
      </EditorDialog>
      <EditorDialog
        open={blocker.state === 'blocked'}
        title={UI_EDITOR_MESSAGES.leaveTitle}
        description={UI_EDITOR_MESSAGES.leaveText}
        onDismiss={() => blocker.reset?.()}
      >
        <Button variant="secondary" onClick={() => blocker.reset?.()}>
          Stay
        </Button>
        <Button className="btn-danger" onClick={() => blocker.proceed?.()}>
          Leave
        </Button>
      </EditorDialog>
    </div>
  );
}
