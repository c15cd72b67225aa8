/** An image's natural size, as the browser decodes it. */
export interface ImageSize {
  width: number;
  height: number;
}

/**
 * The height that keeps an image of this natural size at its aspect ratio at `width` (a whole pixel, at least
 * 1), or null when the size says nothing (a broken or empty image).
 */
export function aspectHeight(width: number, natural: ImageSize): number | null {
  if (!(natural.width > 0 && natural.height > 0 && width > 0)) return null;
  return Math.max(1, Math.round((width * natural.height) / natural.width));
}

/** Loads an image to learn its natural size; null when it does not load within `timeoutMs`. */
export function loadImageSize(url: string, timeoutMs = 5000): Promise<ImageSize | null> {
  return new Promise((resolve) => {
    const image = new Image();
    const timer = window.setTimeout(() => resolve(null), timeoutMs);
    image.onload = () => {
      window.clearTimeout(timer);
      resolve({ width: image.naturalWidth, height: image.naturalHeight });
    };
    image.onerror = () => {
      window.clearTimeout(timer);
      resolve(null);
    };
    image.src = url;
  });
}
