import { describe, expect, it } from 'vitest';
import { aspectRatio, canvasPixelWidth, isCancelledRender, MAX_CANVAS_WIDTH } from './pageCanvas';

describe('the width a page is drawn at', () => {
  it('is the shown width times the screen’s pixel ratio', () => {
    expect(canvasPixelWidth(400, 1)).toBe(400);
    expect(canvasPixelWidth(400, 1.5)).toBe(600);
    expect(canvasPixelWidth(400, 2)).toBe(800);
  });

  it('counts at most 2 device pixels per CSS pixel', () => {
    expect(canvasPixelWidth(400, 3)).toBe(800);
  });

  it('never passes the cap, however wide the box', () => {
    expect(canvasPixelWidth(1600, 2)).toBe(MAX_CANVAS_WIDTH);
    expect(canvasPixelWidth(5000, 1)).toBe(MAX_CANVAS_WIDTH);
  });

  it('takes an unknown pixel ratio as 1', () => {
    expect(canvasPixelWidth(400, 0)).toBe(400);
    expect(canvasPixelWidth(400, Number.NaN)).toBe(400);
  });

  it('is at least one pixel for a box not laid out yet', () => {
    expect(canvasPixelWidth(0, 1)).toBe(1);
    expect(canvasPixelWidth(0, 2)).toBe(2);
  });
});

describe('a page’s shape', () => {
  it('is width / height, for CSS aspect-ratio', () => {
    expect(aspectRatio({ width: 595, height: 842 })).toBe('595 / 842');
    expect(aspectRatio({ width: 612, height: 792 })).toBe('612 / 792');
  });
});

describe('a cancelled render', () => {
  it('is told apart from a failure by the error’s name', () => {
    expect(isCancelledRender({ name: 'RenderingCancelledException' })).toBe(true);
    const cancelled = Object.assign(new Error('Rendering cancelled, page 1'), {
      name: 'RenderingCancelledException',
    });
    expect(isCancelledRender(cancelled)).toBe(true);
  });

  it('is no other error, nor a value that is no error', () => {
    expect(isCancelledRender(new Error('bad XRef entry'))).toBe(false);
    expect(isCancelledRender({ name: 'InvalidPDFException' })).toBe(false);
    expect(isCancelledRender(null)).toBe(false);
    expect(isCancelledRender(undefined)).toBe(false);
    expect(isCancelledRender('RenderingCancelledException')).toBe(false);
  });
});
