import { zodResolver } from '@hookform/resolvers/zod';
import { Search, UserSearch } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useParams, useSearchParams } from 'react-router';
import { z } from 'zod';
import { PLAYER_MESSAGES } from '@liveops/domain/players';
import { LoadError } from '../../../components/load-error';
import { Page } from '../../../components/page';
import { PageHeader } from '../../../components/page-header';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { usePlayer } from '../api/get-player';
import { PlayerProfile } from '../components/player-profile';
import styles from '../components/players.module.css';

/** The query parameter naming the player looked up: a link to a player opens them. */
const PLAYER_PARAM = 'player';

// Player ids are exact (decision 034): only the ends are trimmed, where a paste picks up spaces.
const SearchSchema = z.object({ playerId: z.string().trim().min(1, PLAYER_MESSAGES.playerIdRequired) });
type SearchForm = z.infer<typeof SearchSchema>;

/**
 * /dashboard/game/:gameId/players (decision 043): look a player up by the game's own id, see what
 * happened to them, and put it right with a support action.
 */
export function PlayersTab() {
  const gameId = useParams().gameId ?? '';
  const [searchParams, setSearchParams] = useSearchParams();
  const playerId = searchParams.get(PLAYER_PARAM) ?? '';
  const player = usePlayer(gameId, playerId);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SearchForm>({ resolver: zodResolver(SearchSchema), defaultValues: { playerId } });
  const onSubmit = handleSubmit((form) => setSearchParams({ [PLAYER_PARAM]: form.playerId }));
  const notFound = player.error instanceof ApiError && player.error.status === 404;

  return (
    <Page>
      <PageHeader title="Players" intro={`${PLAYER_MESSAGES.search} See what happened to them, and help them.`} />
      <section className="panel" aria-label="Find a player">
        <form className={styles.search} role="search" noValidate onSubmit={(event) => void onSubmit(event)}>
          <TextField
            label="Player id"
            placeholder="player-42"
            autoComplete="off"
            spellCheck={false}
            error={errors.playerId?.message}
            {...register('playerId')}
          />
          <Button type="submit" loading={player.isFetching && !player.data}>
            <Search size={16} aria-hidden /> Look up
          </Button>
        </form>
      </section>
      {playerId === '' ? (
        <section className="panel empty-state">
          <UserSearch size={28} aria-hidden className="placeholder-icon" />
          <p>Type a player id to see their profile, daily rewards, wallet and support history.</p>
        </section>
      ) : player.isPending ? (
        <section className="panel" aria-busy="true">
          <p className="muted">Loading {playerId}…</p>
        </section>
      ) : notFound ? (
        <section className="panel empty-state" role="status">
          <UserSearch size={28} aria-hidden className="placeholder-icon" />
          <p>
            <strong>{playerId}</strong>: {PLAYER_MESSAGES.notFound}
          </p>
        </section>
      ) : player.isError ? (
        <section className="panel">
          <LoadError
            message={
              player.error instanceof ApiError && player.error.message
                ? player.error.message
                : PLAYER_MESSAGES.loadFailed
            }
            onRetry={() => void player.refetch()}
          />
        </section>
      ) : (
        <PlayerProfile key={playerId} gameId={gameId} profile={player.data} />
      )}
    </Page>
  );
}
