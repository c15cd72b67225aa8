import { LogOut, Settings, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import type { User } from '@liveops/domain/accounts';
import { paths } from '../config/paths';
import { useSignOut } from '../lib/sign-out';
import { Brand } from './brand';
import { SKIP_TARGET, SkipLink } from './skip-link';
import { StudioSwitcher } from './studio-switcher';
import { Button } from './ui/button';
import styles from './app-shell.module.css';

/**
 * The signed-in frame: top bar with the studio shown (decision 065) and its Team page, the account (a link to its
 * settings) and sign-out, then the page.
 */
export function AppShell({ user, children }: { user: User; children: ReactNode }) {
  const signOut = useSignOut();
  return (
    <div className={`shell ${styles.shell}`}>
      <SkipLink />
      <header className={`topbar ${styles.topbar}`}>
        <div className={styles.lead}>
          <Link to={paths.dashboard()} className={`topbar-brand ${styles.brand}`} title="Dashboard home">
            <Brand compact />
          </Link>
          <StudioSwitcher />
        </div>
        <div className={styles.account}>
          {/* The studio's members and invitations: named on a desktop, the icon alone on a phone. On this side, the
              studio's name arriving never moves it. */}
          <NavLink
            to={paths.team()}
            className={styles.teamLink}
            aria-label="Team"
            title="Team: members, invitations and roles"
          >
            <Users size={16} aria-hidden />
            <span className={styles.teamText} aria-hidden>
              Team
            </span>
          </NavLink>
          <NavLink to={paths.account()} className={styles.accountLink} title="Account settings">
            <span className="sr-only">Account settings: </span>
            <span className={styles.avatar} aria-hidden>
              {user.photoURL ? (
                <img src={user.photoURL} alt="" referrerPolicy="no-referrer" />
              ) : (
                (user.displayName ?? user.email).slice(0, 1).toUpperCase()
              )}
            </span>
            <span className={styles.email}>{user.displayName ?? user.email}</span>
            <Settings size={16} aria-hidden className={styles.settingsIcon} />
          </NavLink>
          <Button variant="secondary" size="sm" onClick={signOut} className={styles.signOut}>
            <LogOut size={16} aria-hidden />
            Sign out
          </Button>
        </div>
      </header>
      {/* shell-main: the name a full-width page (the UI editor) widens it by. */}
      <main id="main-content" {...SKIP_TARGET} className={`shell-main ${styles.main} ${SKIP_TARGET.className}`}>
        {children}
      </main>
    </div>
  );
}
