import '../lib/configure-zod';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { EmbedPage } from './embed-page';
import './embed.css';

// The embed page's own entry (embed.html): React, the popup renderer and the domain, none of the dashboard.
const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from embed.html');
createRoot(container).render(
  <StrictMode>
    <EmbedPage search={window.location.search} />
  </StrictMode>,
);
