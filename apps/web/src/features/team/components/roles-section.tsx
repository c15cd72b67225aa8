import { ShieldCheck } from 'lucide-react';
import {
  can,
  PERMISSION_LABELS,
  PERMISSIONS,
  ROLE_DESCRIPTIONS,
  ROLE_LABELS,
  STUDIO_ROLES,
} from '@liveops/domain/teams';
import styles from './roles.module.css';
import team from '../team.module.css';

/** Each role's line and the permission matrix, both read from the domain: the page cannot say what is not enforced. */
export function RolesSection() {
  return (
    <section className={`panel ${team.section}`} aria-labelledby="roles-heading">
      <header className={team.sectionHeader}>
        <ShieldCheck size={20} aria-hidden className={team.sectionIcon} />
        <div>
          <h2 className="panel-title" id="roles-heading">
            Roles and permissions
          </h2>
          <p className="muted">Each role can do everything the roles below it can, and more.</p>
        </div>
      </header>
      <dl className={styles.roles}>
        {STUDIO_ROLES.map((role) => (
          <div key={role}>
            <dt>{ROLE_LABELS[role]}</dt>
            <dd>{ROLE_DESCRIPTIONS[role]}</dd>
          </div>
        ))}
      </dl>
      <table className={styles.matrix}>
        <caption className="sr-only">What each role can do</caption>
        <thead>
          <tr>
            <th scope="col" className={styles.permissionHead}>
              Permission
            </th>
            {STUDIO_ROLES.map((role) => (
              <th key={role} scope="col" className={styles.roleHead}>
                <span>{ROLE_LABELS[role]}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {PERMISSIONS.map((permission) => (
            <tr key={permission}>
              <th scope="row">{PERMISSION_LABELS[permission]}</th>
              {STUDIO_ROLES.map((role) =>
                can(role, permission) ? (
                  <td key={role} className={styles.yes}>
                    <span aria-hidden>✓</span>
                    <span className="sr-only">Yes</span>
                  </td>
                ) : (
                  <td key={role} className={styles.no}>
                    <span aria-hidden>—</span>
                    <span className="sr-only">No</span>
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
