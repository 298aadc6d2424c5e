import type { ScreenType } from '../../../../shared/contract/signing';

/** The icon and colour of each screen type (§2 screen 8). */
export type ScreenTone = 'success' | 'danger' | 'warning' | 'info' | 'neutral';
export type ScreenIcon = 'check' | 'x' | 'lock' | 'clock' | 'spinner' | 'fileText';

export const SCREEN_LOOK: Record<ScreenType, { icon: ScreenIcon; tone: ScreenTone }> = {
  success: { icon: 'check', tone: 'success' },
  error: { icon: 'x', tone: 'danger' },
  blocked: { icon: 'lock', tone: 'danger' },
  pending: { icon: 'clock', tone: 'warning' },
  loading: { icon: 'spinner', tone: 'info' },
  default: { icon: 'fileText', tone: 'neutral' },
};
