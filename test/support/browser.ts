import { mkdirSync } from 'node:fs';
import { AxeBuilder } from '@axe-core/playwright';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import type { StackInfo } from '../../local/stack.js';
import { freshIp } from './client.js';

/**
 * Debian's Chromium, with the flags it needs to run headless as root in a container, and a fake
 * camera granted without asking (the biometric capture: a generated test pattern stands in for
 * the camera; pages that never ask for the camera are not touched by it).
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
  '--no-sandbox',
  '--headless',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export const PHONE = { width: 390, height: 844 } as const;
export const DESKTOP = { width: 1280, height: 800 } as const;

/** Where e2e tests save the screenshots a person looks at. */
export const SHOTS = '.data/e2e-shots';

/**
 * One Chromium for a test file: launched before its tests (the screenshot folder made), closed
 * after them. Call at the file's top level; the getter gives the browser inside a test.
 */
export function fileBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
    mkdirSync(SHOTS, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('the browser is launched in beforeAll');
    return browser;
  };
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

export interface ContextOptions {
  viewport?: { width: number; height: number };
  colorScheme?: 'light' | 'dark';
  /** Pre-grant the maintenance gate, as a returning visitor who entered the code would have. */
  gatePassed?: boolean;
  /** The browser's time zone (IANA id); the machine's when unset. */
  timezoneId?: string;
}

/**
 * A fresh browser profile: its own storage, its own client address (the per-IP rate limits of
 * one test never reach another), Spanish locale, and console errors collected for assertions.
 */
export async function newVisitor(
  browser: Browser,
  stack: StackInfo,
  opts: ContextOptions = {},
): Promise<{ context: BrowserContext; page: Page; consoleErrors: string[] }> {
  const context = await browser.newContext({
    baseURL: stack.url,
    viewport: opts.viewport ?? DESKTOP,
    colorScheme: opts.colorScheme ?? 'light',
    locale: 'es-CL',
    ...(opts.timezoneId ? { timezoneId: opts.timezoneId } : {}),
    extraHTTPHeaders: { 'x-forwarded-for': freshIp() },
  });
  if (opts.gatePassed) {
    // A script string: this file is type-checked without the DOM library.
    await context.addInitScript({
      content: "window.localStorage.setItem('maintenance_access', 'granted');",
    });
  }
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('pageerror', (err) => consoleErrors.push(err.message));
  return { context, page, consoleErrors };
}

/** Serious and critical axe-core violations on the page as it is now, one line each. */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21aa'])
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(', ')}`,
    );
}

/**
 * Runs a journey; when it fails, saves a screenshot and the page text to `.data/e2e-failures/`
 * (what the user saw is the first thing one needs to understand a failed journey).
 */
export async function journey(page: Page, name: string, steps: () => Promise<void>) {
  try {
    await steps();
  } catch (err) {
    const dir = '.data/e2e-failures';
    const { mkdir, writeFile } = await import('node:fs/promises');
    await mkdir(dir, { recursive: true });
    await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true }).catch(() => undefined);
    // The rendered text, what the user read (a script string: no DOM types in this project).
    const text = await page.evaluate('document.body.innerText').catch(() => '');
    await writeFile(`${dir}/${name}.txt`, `${page.url()}\n\n${text}`).catch(() => undefined);
    throw err;
  }
}
