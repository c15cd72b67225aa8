import { Redo2, Save, Undo2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { UI_EDITOR_MESSAGES } from '@liveops/domain/layout';
import styles from './editor-header.module.css';

/** The editor's header: ← Back, the title, the save indicator, Undo/Redo and Save. */
export function EditorHeader({
  backTo,
  configName,
  dirty,
  layoutStored,
  saving,
  canUndo,
  canRedo,
  onUndo,
  onRedo,
  onSave,
  switcher,
  cannotSave = false,
}: {
  backTo: string;
  configName: string;
  dirty: boolean;
  /** False for a config never customised: the generated default shows, clean, and can still be saved. */
  layoutStored: boolean;
  saving: boolean;
  canUndo: boolean;
  canRedo: boolean;
  onUndo: () => void;
  onRedo: () => void;
  onSave: () => void;
  /** The experiment variant switcher, when the config runs an experiment. */
  switcher?: ReactNode;
  /** Nothing to save to (the variant edited is gone): Save is off, the editor says why. */
  cannotSave?: boolean;
}) {
  const status = saving
    ? UI_EDITOR_MESSAGES.saving
    : dirty
      ? UI_EDITOR_MESSAGES.unsaved
      : layoutStored
        ? null
        : UI_EDITOR_MESSAGES.defaultLayout;
  // The untouched default can be saved: it then becomes the config's own layout (decision 028).
  const savesDefault = !dirty && !layoutStored;
  // ui-editor-header and ui-editor-status: the browser tests' hooks, without rules of their own.
  return (
    <header className={`ui-editor-header ${styles.header}`}>
      <div className={styles.main}>
        <Link to={backTo} className="btn btn-ghost btn-sm">
          {UI_EDITOR_MESSAGES.back}
        </Link>
        <div className={styles.heading}>
          <h1 className="page-title">{UI_EDITOR_MESSAGES.title}</h1>
          <span className={`muted ${styles.configName}`}>{configName}</span>
        </div>
      </div>
      {switcher}
      <div className={styles.actions}>
        <span
          className={`ui-editor-status ${styles.status}${status && !savesDefault ? ` ${styles.pending}` : ''}`}
          role="status"
          aria-live="polite"
        >
          {status}
        </span>
        <Button type="button" variant="ghost" size="sm" onClick={onUndo} disabled={!canUndo} title="Undo (Ctrl/Cmd+Z)">
          <Undo2 size={14} aria-hidden />
          Undo
        </Button>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          onClick={onRedo}
          disabled={!canRedo}
          title="Redo (Shift+Ctrl/Cmd+Z)"
        >
          <Redo2 size={14} aria-hidden />
          Redo
        </Button>
        <Button
          type="button"
          size="sm"
          onClick={onSave}
          disabled={(!dirty && layoutStored) || saving || cannotSave}
          aria-busy={saving || undefined}
          title={savesDefault ? UI_EDITOR_MESSAGES.saveDefaultTitle : undefined}
        >
          <Save size={14} aria-hidden />
          {UI_EDITOR_MESSAGES.save}
        </Button>
      </div>
    </header>
  );
}
