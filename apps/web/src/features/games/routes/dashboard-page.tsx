import { Gamepad2 } from 'lucide-react';
import { useState } from 'react';
import { userGreetingName } from '@liveops/domain/accounts';
import { GAME_MESSAGES } from '@liveops/domain/games';
import { InvitationOffers } from '../../../components/invitation-offers';
import { LoadError } from '../../../components/load-error';
import { Button } from '../../../components/ui/button';
import { Page } from '../../../components/page';
import { PageHeader } from '../../../components/page-header';
import { useSignedInUser } from '../../../lib/current-user';
import { useGames } from '../../../lib/api/games/get-games';
import { CreateGameDialog } from '../components/create-game-dialog';
import { GameCard } from '../components/game-card';
import cardStyles from '../components/game-card.module.css';
import styles from './dashboard-page.module.css';

/** Dashboard home: the welcome line and the "Your Games" grid. */
export function DashboardPage() {
  const user = useSignedInUser();
  const games = useGames();
  const [creating, setCreating] = useState(false);
  const name = userGreetingName(user);
  return (
    <Page>
      <PageHeader
        titleClassName={styles.welcome}
        title={
          name === null ? (
            'Welcome'
          ) : (
            <>
              Welcome,{' '}
              <span className={styles.name} title={name}>
                {name}
              </span>
            </>
          )
        }
        intro="Your games, segments, inventory and daily rewards live here."
      />
      <InvitationOffers />
      <section aria-labelledby="your-games">
        <h2 className={styles.sectionTitle} id="your-games">
          Your Games
        </h2>
        {games.isPending ? (
          <div className={styles.grid} aria-busy="true" aria-label="Loading games">
            {[0, 1, 2].map((i) => (
              <div key={i} className={`skeleton ${cardStyles.card}`} />
            ))}
          </div>
        ) : games.isError ? (
          <LoadError
            message={`Could not load your games. ${games.error.message}`}
            onRetry={() => void games.refetch()}
          />
        ) : games.data.length === 0 ? (
          <div className="panel empty-state">
            <Gamepad2 size={32} aria-hidden className="placeholder-icon" />
            <p>{GAME_MESSAGES.empty}</p>
            <p className="muted">{GAME_MESSAGES.emptyCreate}</p>
            <Button onClick={() => setCreating(true)}>+ Create New Game</Button>
          </div>
        ) : (
          <div className={styles.grid}>
            {games.data.map((game) => (
              <GameCard key={game.id} game={game} />
            ))}
          </div>
        )}
      </section>
      {/* With no games, the empty state's own button is the one to press; one dialog serves both buttons. */}
      <CreateGameDialog open={creating} onOpenChange={setCreating} fab={games.data?.length !== 0} />
    </Page>
  );
}
