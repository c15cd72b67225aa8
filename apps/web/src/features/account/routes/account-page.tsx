import { useSignedInUser } from '../../../lib/current-user';
import { ACCOUNT_MESSAGES } from '@liveops/domain/accounts';
import { LoadError } from '../../../components/load-error';
import { Page } from '../../../components/page';
import { PageHeader } from '../../../components/page-header';
import { useAccountSettings } from '../api/get-account-settings';
import { DeleteAccountSection } from '../components/delete-account-section';
import { DevicesSection } from '../components/devices-section';
import { DisplayNameSection } from '../components/display-name-section';
import { PasswordSection } from '../components/password-section';
import styles from '../account.module.css';

/** /account: the signed-in developer's name, password, devices, and deleting the account. */
export function AccountPage() {
  const user = useSignedInUser();
  const settings = useAccountSettings();
  return (
    <Page className={styles.page}>
      <PageHeader title="Account settings" intro="How you appear, how you sign in, and where." />
      <DisplayNameSection user={user} />
      {settings.isPending ? (
        <div className="stack" aria-busy="true" aria-label="Loading account settings">
          <div className={`panel skeleton ${styles.skeleton}`} />
          <div className={`panel skeleton ${styles.skeleton}`} />
        </div>
      ) : settings.isError ? (
        <LoadError
          message={`${ACCOUNT_MESSAGES.loadFailed} ${settings.error.message}`}
          onRetry={() => void settings.refetch()}
        />
      ) : (
        <>
          <PasswordSection user={user} hasPassword={settings.data.hasPassword} />
          <DevicesSection otherSessions={settings.data.otherSessions} />
          <DeleteAccountSection user={user} hasPassword={settings.data.hasPassword} />
        </>
      )}
    </Page>
  );
}
