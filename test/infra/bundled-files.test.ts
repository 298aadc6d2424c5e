import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { afterAll, describe, expect, it } from 'vitest';
import { AppFunction, REPO_ROOT } from '../../lib/app-function.js';
import { SEAL_FONTS } from '../../lib/queue-consumers.js';

/**
 * Files copied into a handler's bundle (lib/app-function.ts `BundledFiles`), with bundling on
 * as `cdk synth` does it: the seal fonts land in the asset next to index.mjs. A small existing
 * module stands in for the seal consumer, whose bundle is the same build plus these files.
 */
const outdir = mkdtempSync(join(tmpdir(), 'sello-cdk-out-'));
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

describe('a bundle with files', () => {
  it('carries the seal fonts under fonts/, byte for byte, and says where', () => {
    const app = new App({ outdir });
    const stack = new Stack(app, 'Bundled');
    const fn = new AppFunction(stack, 'Fonts', { handler: 'jobs/job-time', files: SEAL_FONTS });
    app.synth();

    const assets = readdirSync(outdir).filter(
      (d) => d.startsWith('asset.') && existsSync(join(outdir, d, 'index.mjs')),
    );
    expect(assets).toHaveLength(1);
    const asset = join(outdir, assets[0] as string);
    for (const source of SEAL_FONTS.sources) {
      const name = source.split('/').pop() as string;
      expect(readFileSync(join(asset, 'fonts', name))).toEqual(
        readFileSync(join(REPO_ROOT, source)),
      );
    }
    const cfn = fn.fn.node.defaultChild as CfnFunction;
    const env = stack.resolve(cfn.environment) as { variables: Record<string, string> };
    expect(env.variables.SEAL_FONT_DIR).toBe('/var/task/fonts');
  });
});
