import type { ReactNode } from 'react';
import type { AuthMode } from '../../../lib/session/authModal';

/**
 * How a form offers the other modes: buttons inside the modal, links on the standalone pages.
 * Receives the target mode and the visible text.
 */
export type SwitchLink = (mode: AuthMode, label: string) => ReactNode;
