import type { ReactNode } from 'react';

export type AuthMode = 'login' | 'register' | 'forgot-password';

/**
 * How a form offers the other modes: buttons inside the modal, links on the standalone pages.
 * Receives the target mode and the visible text.
 */
export type SwitchLink = (mode: AuthMode, label: string) => ReactNode;
