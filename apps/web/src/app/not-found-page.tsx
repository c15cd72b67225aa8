import { Link } from 'react-router';
import { Brand } from '../components/brand';
import { Button } from '../components/ui/button';
import { paths } from '../config/paths';
import pages from '../features/auth/auth-pages.module.css';

export function NotFoundPage() {
  return (
    <div className={pages.page}>
      <div className={pages.brand}>
        <Brand />
      </div>
      <div className={`panel ${pages.verifyPanel}`}>
        <h1 className={pages.title}>Page not found</h1>
        <p className="muted">There is nothing at this address.</p>
        <Button asChild>
          <Link to={paths.dashboard()}>Go to the dashboard</Link>
        </Button>
      </div>
    </div>
  );
}
