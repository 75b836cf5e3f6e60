import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { HashRouter } from 'react-router-dom';
import { AppRoutes } from './AppRoutes.tsx';

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks #root');
createRoot(root).render(
  <StrictMode>
    {/* Location changes commit at once: in a transition React would keep showing the page being left. */}
    <HashRouter useTransitions={false}>
      <AppRoutes />
    </HashRouter>
  </StrictMode>,
);
