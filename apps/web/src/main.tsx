import './lib/configure-zod';
import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { isPublicPath } from './app/public-paths';
import './tokens.css';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
const root = createRoot(container);
const render = (app: ReactNode) => root.render(<StrictMode>{app}</StrictMode>);

const startDashboardApp = () => import('./app/app').then(({ App }) => render(<App />));

// A first visit of /login or /verified starts the small app with just those pages (no router, no query cache); it
// hands over to the dashboard app, which has every page, when the visitor goes on.
if (isPublicPath(window.location.pathname)) {
  void import('./app/public-app').then(({ PublicApp }) => render(<PublicApp onLeave={startDashboardApp} />));
} else {
  void startDashboardApp();
}
