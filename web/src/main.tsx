// Global styles first, so component styles (imported by the modules below) come after them.
import './styles/theme.css';
import './styles/base.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { startShell } from './lib/firstPaintShell';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

startShell();
// A transition: the first render yields to the browser every few milliseconds instead of
// holding the main thread for one long task. The shell is what the visitor sees meanwhile.
startTransition(() => {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
