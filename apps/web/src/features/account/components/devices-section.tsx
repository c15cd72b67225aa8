import { MonitorSmartphone } from 'lucide-react';
import { toast } from 'sonner';
import { ACCOUNT_MESSAGES } from '@liveops/domain/accounts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useSignOutOtherDevices } from '../api/sign-out-other-devices';
import styles from '../account.module.css';

function describe(otherSessions: number): string {
  if (otherSessions === 0) return 'This is the only device signed in to your account.';
  if (otherSessions === 1) return 'You are also signed in on 1 other device or browser.';
  return `You are also signed in on ${otherSessions} other devices or browsers.`;
}

/** Where else the account is signed in, and a way to end all of it at once. */
export function DevicesSection({ otherSessions }: { otherSessions: number }) {
  const signOut = useSignOutOtherDevices();
  return (
    <section className={`panel ${styles.section}`} aria-labelledby="devices-heading">
      <header className={styles.sectionHeader}>
        <MonitorSmartphone size={20} aria-hidden className={styles.sectionIcon} />
        <div>
          <h2 className="panel-title" id="devices-heading">
            Devices
          </h2>
          <p className="muted" role="status">
            {describe(otherSessions)}
          </p>
        </div>
      </header>
      {signOut.isError ? <Alert tone="error">{signOut.error.message || ACCOUNT_MESSAGES.loadFailed}</Alert> : null}
      <div>
        <Button
          variant="secondary"
          disabled={otherSessions === 0}
          loading={signOut.isPending}
          onClick={() =>
            signOut.mutate(undefined, { onSuccess: () => toast.success(ACCOUNT_MESSAGES.otherSessionsSignedOut) })
          }
        >
          Sign out of every other device
        </Button>
      </div>
    </section>
  );
}
