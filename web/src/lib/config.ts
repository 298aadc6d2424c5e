/**
 * Runtime configuration, fetched once from /config.json (written by the local gateway, or by the
 * CDK deployment into the SPA bucket). Nothing environment-specific is baked into the bundle.
 */
export interface RuntimeConfig {
  /** 'local' runs against the emulators; 'aws' against the deployed stack. */
  mode: 'local' | 'aws';
  cognito: {
    userPoolId: string;
    userPoolClientId: string;
    /** Set only for cognito-local (through the refresh shim); undefined in AWS. */
    endpoint?: string;
  };
  /** Mail viewer URL of the local stack (shown nowhere in production). */
  mailViewerUrl?: string;
  /**
   * Card payments. The publishable key also comes with every payment intent; `localProxy` is
   * set by the local stack only: the same-origin path to its Stripe emulator, where the browser
   * confirms payments through a plain card form instead of Stripe.js (which needs the internet).
   */
  stripe?: {
    publishableKey?: string;
    localProxy?: string;
  };
}

let configPromise: Promise<RuntimeConfig> | undefined;

export function loadRuntimeConfig(): Promise<RuntimeConfig> {
  configPromise ??= fetch('/config.json', { cache: 'no-store' }).then((res) => {
    if (!res.ok) throw new Error(`config.json: ${res.status}`);
    return res.json() as Promise<RuntimeConfig>;
  });
  return configPromise;
}
