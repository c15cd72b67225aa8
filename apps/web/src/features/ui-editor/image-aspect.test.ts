import { describe, expect, it } from 'vitest';
import { aspectHeight } from './image-aspect';

describe('aspectHeight', () => {
  it("gives the height that keeps the asset's aspect ratio at the image's width", () => {
    expect(aspectHeight(48, { width: 512, height: 256 })).toBe(24);
    expect(aspectHeight(48, { width: 300, height: 400 })).toBe(64);
    expect(aspectHeight(200, { width: 3, height: 1 })).toBe(67);
    expect(aspectHeight(1, { width: 1000, height: 1 })).toBe(1);
  });

  it('gives nothing for an image without a size', () => {
    expect(aspectHeight(48, { width: 0, height: 0 })).toBeNull();
    expect(aspectHeight(0, { width: 10, height: 10 })).toBeNull();
  });
});
