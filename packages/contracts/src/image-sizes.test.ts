import { describe, expect, it } from 'vitest';
import { ImageResizeMultipleQuery, ImageResizeQuery } from './catalogue';
import { imageWidths, isResizableSize, resizableWidths } from './image-sizes';

describe('image sizes', () => {
  it('are the widths of spec §9, with 2× where the web offers it', () => {
    expect(resizableWidths).toEqual([350, 400, 500, 580, 700, 800, 990, 1000, 1500]);
    for (const widths of Object.values(imageWidths)) for (const w of widths) expect(isResizableSize(w)).toBe(true);
  });

  it('has no crop: a height is refused with any width', () => {
    expect(isResizableSize(400, 400)).toBe(false);
    expect(isResizableSize(401)).toBe(false);
  });

  it('is the rule of both resize contracts, with the catalog message on the field at fault', () => {
    const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
      r.error?.issues.map((i) => [i.path.join('.'), i.message]);

    expect(ImageResizeQuery.safeParse({ url: 'covers/a.jpg', width: '400' }).success).toBe(true);
    expect(issues(ImageResizeQuery.safeParse({ url: 'covers/a.jpg', width: '401' }))).toEqual([
      ['width', 'validation.imageSize'],
    ]);
    expect(issues(ImageResizeQuery.safeParse({ url: 'covers/a.jpg', width: '400', height: '300' }))).toEqual([
      ['height', 'validation.imageSize'],
    ]);
    expect(
      issues(ImageResizeMultipleQuery.safeParse({ url: 'covers/a.jpg', options: [{ width: '580' }, { width: '600' }] })),
    ).toEqual([['options.1.width', 'validation.imageSize']]);
  });
});
