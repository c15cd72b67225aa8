import { CalendarClock, MailCheck, UserRound } from 'lucide-react';
import { userGreetingName } from '@liveops/domain';
import { useSignedInUser } from '../../../lib/current-user';

function formatDate(iso: string | null): string {
  if (!iso) return 'Never';
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** Dashboard home. The games grid joins it with the games issue. */
export function DashboardPage() {
  const user = useSignedInUser();
  return (
    <div className="page">
      <div className="page-header">
        <h1 className="welcome">Welcome, {userGreetingName(user)}</h1>
        <p className="muted">Your games, segments, inventory and daily rewards live here.</p>
      </div>
      <section className="panel account-panel" aria-label="Your account">
        <h2 className="panel-title">Your account</h2>
        <dl className="facts">
          <div>
            <dt>
              <UserRound size={16} aria-hidden /> Name
            </dt>
            <dd>{user.displayName ?? <span className="muted">Not set</span>}</dd>
          </div>
          <div>
            <dt>
              <MailCheck size={16} aria-hidden /> Email
            </dt>
            <dd>
              {user.email} <span className="badge badge-ok">Verified</span>
            </dd>
          </div>
          <div>
            <dt>
              <CalendarClock size={16} aria-hidden /> Last sign-in
            </dt>
            <dd>{formatDate(user.lastLogin)}</dd>
          </div>
        </dl>
      </section>
    </div>
  );
}
