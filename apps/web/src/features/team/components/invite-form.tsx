import { zodResolver } from '@hookform/resolvers/zod';
import { MailPlus } from 'lucide-react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import type { Game } from '@liveops/domain/games';
import {
  INVITATION_MESSAGES,
  INVITATION_TTL_DAYS,
  InvitationInputSchema,
  ROLE_DESCRIPTIONS,
  ROLE_LABELS,
  type StudioRole,
} from '@liveops/domain/teams';
import { Field } from '../../../components/ui/field';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { useTimedMessage } from '../../../lib/use-timed-message';
import { useInvite } from '../api/team';
import { invitableRoles, inviteRefusal } from '../member-controls';
import styles from './invite-form.module.css';
import team from '../team.module.css';

const InviteFormSchema = z
  .object({
    email: InvitationInputSchema.shape.email,
    role: InvitationInputSchema.shape.role,
    scope: z.enum(['all', 'some']),
    gameIds: z.array(z.string()),
  })
  .refine((form) => form.scope === 'all' || form.gameIds.length > 0, {
    path: ['gameIds'],
    message: INVITATION_MESSAGES.gamesEmpty,
  });
type InviteFormInput = z.input<typeof InviteFormSchema>;
type InviteFormOutput = z.output<typeof InviteFormSchema>;

const SENT_MESSAGE_MS = 6000;

/**
 * Inviting someone by email as a role at or below the viewer's own, to all of the studio's games or some. A role
 * that may not invite sees the form disabled with the reason; a refusal of the server shows by the field it is about.
 */
export function InviteForm({
  studioId,
  viewer,
  games,
  gamesFailed,
}: {
  studioId: string;
  viewer: StudioRole;
  games: Game[] | undefined;
  gamesFailed: boolean;
}) {
  const invite = useInvite(studioId);
  const refusal = inviteRefusal(viewer);
  const roles = invitableRoles(viewer);
  // The most common invitation: someone to work on the content.
  const firstRole = roles.includes('designer') ? 'designer' : (roles.at(-1) ?? 'viewer');
  const defaults: InviteFormInput = { email: '', role: firstRole, scope: 'all', gameIds: [] };
  const { message: sent, show } = useTimedMessage<'sent'>();
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<InviteFormInput, unknown, InviteFormOutput>({
    resolver: zodResolver(InviteFormSchema),
    defaultValues: defaults,
  });
  const role = useWatch({ control, name: 'role' });
  const scope = useWatch({ control, name: 'scope' });

  const onSubmit = ({ email, role: chosen, scope: chosenScope, gameIds }: InviteFormOutput) => {
    invite.reset();
    invite.mutate(
      { email, role: chosen, ...(chosenScope === 'some' ? { gameIds } : {}) },
      {
        onSuccess: () => {
          reset(defaults);
          show('sent', `Invitation sent to ${email}. The link works for ${INVITATION_TTL_DAYS} days.`, SENT_MESSAGE_MS);
        },
        onError: (error) => {
          // The server's sentence goes by the field it is about: the address, or the games.
          if (error instanceof ApiError && error.code === 'ALREADY_MEMBER') {
            setError('email', { message: error.message });
            invite.reset();
          } else if (error instanceof ApiError && error.status === 400 && /game/i.test(error.message)) {
            setError('gameIds', { message: error.message });
            invite.reset();
          }
        },
      },
    );
  };

  return (
    <section className={`panel ${team.section}`} aria-labelledby="invite-heading">
      <header className={team.sectionHeader}>
        <MailPlus size={20} aria-hidden className={team.sectionIcon} />
        <div>
          <h2 className="panel-title" id="invite-heading">
            Invite someone
          </h2>
          <p className="muted">
            They get an email with a link for {INVITATION_TTL_DAYS} days, and join with an account for that address.
          </p>
          {refusal ? <p className={team.reason}>{refusal}</p> : null}
        </div>
      </header>
      <form noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Invite someone" title={refusal ?? undefined}>
        <fieldset className={styles.fieldset} disabled={refusal !== null}>
          <div className={styles.grid}>
            <TextField
              label="Email"
              type="email"
              autoComplete="off"
              placeholder="name@studio.com"
              error={errors.email?.message}
              {...register('email')}
            />
            <Field label="Role" htmlFor="invite-role" hint={ROLE_DESCRIPTIONS[role]}>
              <select id="invite-role" className="input" aria-describedby="invite-role-hint" {...register('role')}>
                {roles.map((option) => (
                  <option key={option} value={option}>
                    {ROLE_LABELS[option]}
                  </option>
                ))}
              </select>
            </Field>
          </div>
          <div className={styles.games} role="radiogroup" aria-label="Games">
            <span className="field-label">Games</span>
            <label className="checkbox">
              <input type="radio" value="all" {...register('scope')} />
              All games, including new ones
            </label>
            <label className="checkbox">
              <input type="radio" value="some" {...register('scope')} />
              Only some games
            </label>
            {scope === 'some' ? (
              <Controller
                control={control}
                name="gameIds"
                render={({ field }) => (
                  <div className={styles.checklist} aria-label="Games they may open" role="group">
                    {gamesFailed ? (
                      <p className={team.error}>Could not load the studio's games.</p>
                    ) : !games ? (
                      <p className="muted">Loading the games…</p>
                    ) : games.length === 0 ? (
                      <p className="muted">This studio has no games yet.</p>
                    ) : (
                      games.map((game) => (
                        <label key={game.id} className="checkbox">
                          <input
                            type="checkbox"
                            checked={field.value.includes(game.id)}
                            onChange={(event) =>
                              field.onChange(
                                event.target.checked
                                  ? [...field.value, game.id]
                                  : field.value.filter((id) => id !== game.id),
                              )
                            }
                          />
                          {game.name}
                        </label>
                      ))
                    )}
                  </div>
                )}
              />
            ) : null}
            {errors.gameIds?.message ? <p className="field-error">{errors.gameIds.message}</p> : null}
          </div>
          <div className={styles.submit}>
            <Button type="submit" loading={invite.isPending}>
              Send invitation
            </Button>
            {sent ? <Alert tone="success">{sent.text}</Alert> : null}
            {invite.isError ? (
              <Alert tone="error">{invite.error.message || 'Could not send the invitation.'}</Alert>
            ) : null}
          </div>
        </fieldset>
      </form>
    </section>
  );
}
