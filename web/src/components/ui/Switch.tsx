import './ui.css';
import type { ComponentPropsWithRef } from 'react';

export interface SwitchProps
  extends Omit<ComponentPropsWithRef<'input'>, 'type' | 'role' | 'checked' | 'aria-checked'> {
  /** On or off (controlled: aria-checked follows it). */
  checked: boolean;
}

/**
 * An on/off switch drawn on a native checkbox (`role="switch"`): keyboard, label and state stay
 * native. The caller places its label (`<label htmlFor>`) where its layout wants it.
 */
export function Switch({ className, checked, ref, ...props }: SwitchProps) {
  return (
    <input
      ref={ref}
      type="checkbox"
      role="switch"
      className={['ui-switch', className].filter(Boolean).join(' ')}
      checked={checked}
      aria-checked={checked}
      {...props}
    />
  );
}
