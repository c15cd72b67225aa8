import { useQueryClient } from '@tanstack/react-query';
import { TriangleAlert } from 'lucide-react';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import type { DailyReward, DailyRewardsParams, EmbedConfig } from '@liveops/domain';
import { DailyRewardsView } from '@liveops/views';
import { PreviewFrame } from '../../../components/preview-frame/preview-frame';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { useAssets } from '../../../lib/api/assets/get-assets';
import { dailyRewardQueryOptions } from '../../../lib/api/daily-rewards/get-daily-reward';
import { isLayoutConflict, useSaveDailyRewardLayout } from '../../../lib/api/daily-rewards/save-daily-reward-layout';
import { isMissingLabel, loadedLayout, missingLabelWarnings } from '../loaded-layout';
import { editorReducer, type EditorState, findNode, initialEditorState, layoutForSave } from '../state/editor-state';
import { defaultCanvasSize, UI_EDITOR_MESSAGES } from '@liveops/domain';
import { useLeaveGuard } from '../use-leave-guard';
import { useUndoShortcuts } from '../use-undo-shortcuts';
import { EditorDialog } from './editor-dialog';
import { EditorHeader } from './editor-header';
import { HierarchyPanel } from './hierarchy-panel';
import { PropertiesPanel } from './properties-panel';

/** The editor's preview shows day 1 as today: a first visit, every card upcoming but the first. */
const PREVIEW_PARAMS: DailyRewardsParams = { streak: 0 };

/**
 * The UI editor on one daily reward config: the hierarchy, the live preview and the properties of the selected
 * component, all changed through the editor's reducer; saved with the layoutVersion it started from, so a save
 * over another tab's newer layout is refused and the developer chooses to reload or overwrite.
 */
export function DailyRewardsEditor({ config, embed }: { config: DailyReward; embed: EmbedConfig | null }) {
  const queryClient = useQueryClient();
  // A config with no layout yet opens with the default layout of its game's orientation (decision 023).
  const orientation = embed?.orientation;
  const [opened] = useState(() => loadedLayout(config, orientation));
  // Warnings about how the stored layout was read (shown as text) come from loading it; those about a missing
  // Popup Frame or Rewards Grid follow the document.
  const [readWarnings, setReadWarnings] = useState(() => opened.warnings.filter((w) => !isMissingLabel(w)));
  const [state, dispatch] = useReducer(editorReducer, undefined, () =>
    initialEditorState(opened.layout, config.layoutVersion, opened.changed),
  );
  const latest = useRef<EditorState>(state);
  useEffect(() => {
    latest.current = state;
  }, [state]);

  const save = useSaveDailyRewardLayout(config.gameId, config.id);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const assets = useAssets(config.gameId);

  // A layout saved elsewhere reaches a clean editor at once; a dirty editor keeps its work (its save then meets
  // the conflict), and takes a newer stored layout as soon as it is clean again (one saved while it was saving).
  const { dirty, baseVersion } = state;
  useEffect(() => {
    if (dirty || config.layoutVersion <= baseVersion) return;
    dispatch({
      type: 'remoteChanged',
      layout: loadedLayout(config, orientation).layout,
      version: config.layoutVersion,
    });
  }, [config, dirty, baseVersion, orientation]);

  const runSave = async (overwrite: boolean) => {
    const { document, baseVersion } = latest.current;
    setSaveError(null);
    try {
      const saved = await save.mutateAsync({
        uiLayout: layoutForSave(document),
        ...(overwrite ? {} : { baseVersion }),
      });
      setConflict(null);
      dispatch({ type: 'saved', version: saved.layoutVersion, document });
    } catch (error) {
      if (isLayoutConflict(error)) {
        setConflict(error.message);
        return;
      }
      // §8: the editor stays dirty; beyond the spec's log, the developer is told.
      console.error('Could not save the layout:', error);
      setSaveError(error instanceof Error && error.message ? error.message : UI_EDITOR_MESSAGES.saveFailed);
    }
  };

  const reload = async () => {
    setConflict(null);
    const fresh = await queryClient.fetchQuery({ ...dailyRewardQueryOptions(config.id), staleTime: 0 });
    const next = loadedLayout(fresh, orientation);
    setReadWarnings(next.warnings.filter((w) => !isMissingLabel(w)));
    dispatch({ type: 'load', layout: next.layout, version: fresh.layoutVersion, dirty: next.changed });
  };

  const undo = useCallback(() => dispatch({ type: 'undo' }), []);
  const redo = useCallback(() => dispatch({ type: 'redo' }), []);
  useUndoShortcuts(undo, redo);
  const blocker = useLeaveGuard(state.dirty);

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
  const missingLabels = useMemo(() => missingLabelWarnings(state.document), [state.document]);
  const warnings = readWarnings.length ? readWarnings : missingLabels;
  const selected = state.selectedId ? findNode(state.document, state.selectedId) : null;

  return (
    <div className="ui-editor">
      <EditorHeader
        backTo={paths.game(config.gameId, 'daily-rewards')}
        configName={config.name}
        dirty={state.dirty}
        saving={save.isPending}
        canUndo={state.past.length > 0}
        canRedo={state.future.length > 0}
        onUndo={undo}
        onRedo={redo}
        onSave={() => void runSave(false)}
      />
      {warnings.length > 0 && (
        <div className="ui-editor-notice" role="status">
          <TriangleAlert size={16} aria-hidden />
          <ul>
            {warnings.map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </ul>
        </div>
      )}
      {saveError && <Alert tone="error">{saveError}</Alert>}
      <div className="ui-editor-columns">
        <HierarchyPanel
          document={state.document}
          selectedId={state.selectedId}
          hoveredId={state.hoveredId}
          dispatch={dispatch}
        />
        <section className="panel ui-editor-column ui-editor-preview" aria-labelledby="ui-editor-preview-heading">
          <h2 className="panel-title" id="ui-editor-preview-heading">
            Preview
          </h2>
          <PreviewFrame title="Layout preview" defaultSize={defaultCanvasSize(orientation)}>
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
        <PropertiesPanel node={selected} assets={assets.data ?? []} dispatch={dispatch} />
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
