import { es } from '../../../shared/messages.es';
import { Icon } from '../components/layout-bits/icons';
import { useTheme } from '../features/theme/ThemeProvider';

export function ThemeToggle() {
  const { theme, toggleTheme } = useTheme();
  const label = theme === 'dark' ? es.layout.themeToLight : es.layout.themeToDark;
  return (
    <button
      type="button"
      className="lb-icon-btn"
      aria-label={label}
      title={label}
      onClick={toggleTheme}
    >
      <Icon name={theme === 'dark' ? 'sun' : 'moon'} />
    </button>
  );
}
