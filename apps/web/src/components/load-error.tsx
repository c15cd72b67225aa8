import { Alert } from './ui/alert';
import { Button } from './ui/button';

/** A failed load: what failed, and a way to try again. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="stack-sm">
      <Alert tone="error">{message}</Alert>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
