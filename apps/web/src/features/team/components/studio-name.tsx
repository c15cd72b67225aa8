import { zodResolver } from '@hookform/resolvers/zod';
import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { cannotReason, STUDIO_NAME_MAX, StudioNameSchema, withArticle, type StudioRole } from '@liveops/domain/teams';
import { PageHeader } from '../../../components/page-header';
import { Button } from '../../../components/ui/button';
import { useRenameStudio } from '../api/team';
import styles from './studio-name.module.css';
import team from '../team.module.css';

const RenameSchema = z.object({ name: StudioNameSchema });
type Rename = z.infer<typeof RenameSchema>;

/**
 * The page's heading: the studio's name, which an Admin or Owner renames in place (the top bar of every member
 * follows), how many members it has and the viewer's role there.
 */
export function StudioName({
  studio,
  viewer,
  members,
}: {
  studio: { id: string; name: string };
  viewer: StudioRole;
  members: number;
}) {
  const [editing, setEditing] = useState(false);
  const refusal = cannotReason(viewer, 'studio.update');
  const intro = (
    <>
      Team · {members} {members === 1 ? 'member' : 'members'} · you are {withArticle(viewer)} here.
      {refusal ? <span className={`${team.reason} ${styles.reasonLine}`}>{refusal}</span> : null}
    </>
  );
  if (editing) {
    return <RenameForm studio={studio} onDone={() => setEditing(false)} />;
  }
  return (
    <PageHeader
      title={studio.name}
      intro={intro}
      actions={
        <Button
          variant="secondary"
          size="sm"
          disabled={refusal !== null}
          title={refusal ?? `Rename ${studio.name}`}
          onClick={() => setEditing(true)}
        >
          <Pencil size={14} aria-hidden />
          Rename studio
        </Button>
      }
    />
  );
}

function RenameForm({ studio, onDone }: { studio: { id: string; name: string }; onDone: () => void }) {
  const rename = useRenameStudio(studio.id);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Rename>({ resolver: zodResolver(RenameSchema), defaultValues: { name: studio.name } });
  const onSubmit = ({ name }: Rename) => rename.mutate(name, { onSuccess: onDone });
  const error =
    errors.name?.message ?? (rename.isError ? rename.error.message || 'Could not rename the studio.' : null);
  return (
    <form className={styles.form} noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Rename the studio">
      <h1 className="sr-only">{studio.name}</h1>
      <label className="field-label" htmlFor="studio-name">
        Studio name
      </label>
      <div className={styles.row}>
        <input
          id="studio-name"
          className={`input ${styles.input}`}
          autoFocus
          maxLength={STUDIO_NAME_MAX + 20}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'studio-name-error' : undefined}
          onKeyDown={(event) => {
            if (event.key === 'Escape') onDone();
          }}
          {...register('name')}
        />
        <div className={styles.buttons}>
          <Button type="submit" loading={rename.isPending}>
            Save
          </Button>
          <Button type="button" variant="secondary" onClick={onDone}>
            Cancel
          </Button>
        </div>
      </div>
      {error ? (
        <p className="field-error" id="studio-name-error" role="alert">
          {error}
        </p>
      ) : (
        <p className="hint">Every member sees the new name in their top bar.</p>
      )}
    </form>
  );
}
