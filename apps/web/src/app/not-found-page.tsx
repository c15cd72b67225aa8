import { Link } from 'react-router';
import { Brand } from '../components/brand';
import { Button } from '../components/ui/button';
import { paths } from '../config/paths';

export function NotFoundPage() {
  return (
    <div className="auth-page">
      <div className="auth-brand">
        <Brand />
      </div>
      <div className="panel verify-panel">
        <h1 className="auth-title">Page not found</h1>
        <p className="muted">There is nothing at this address.</p>
        <Button asChild>
          <Link to={paths.dashboard()}>Go to the dashboard</Link>
        </Button>
      </div>
    </div>
  );
}
