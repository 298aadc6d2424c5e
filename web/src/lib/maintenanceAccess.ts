/**
 * The maintenance gate's flag in localStorage (spec §2.3): granted by a right access code, a
 * login or a forced sign-out; cleared on logout (§4.5). Read by the gate, written by the session.
 */
export const MAINTENANCE_ACCESS_KEY = 'maintenance_access';
export const MAINTENANCE_ACCESS_GRANTED = 'granted';

export function hasMaintenanceAccess(): boolean {
  try {
    return window.localStorage.getItem(MAINTENANCE_ACCESS_KEY) === MAINTENANCE_ACCESS_GRANTED;
  } catch {
    return false;
  }
}

export function grantMaintenanceAccess(): void {
  try {
    window.localStorage.setItem(MAINTENANCE_ACCESS_KEY, MAINTENANCE_ACCESS_GRANTED);
  } catch {
    // Storage unavailable: access lasts for this page only (the gate keeps it in state).
  }
}

export function clearMaintenanceAccess(): void {
  try {
    window.localStorage.removeItem(MAINTENANCE_ACCESS_KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
}
