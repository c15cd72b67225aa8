const CSS_URL = /url\("?([^")]*)"?\)/g;

/** The image URLs a rendered popup loads: its <img> sources and the url()s of its inline backgrounds and borders. */
export function imageUrls(root: ParentNode): string[] {
  const urls = new Set<string>();
  for (const image of root.querySelectorAll('img')) if (image.src) urls.add(image.src);
  for (const element of root.querySelectorAll<HTMLElement>('[style*="url("]')) {
    const { backgroundImage, borderImageSource } = element.style;
    for (const value of [backgroundImage, borderImageSource]) {
      for (const match of value.matchAll(CSS_URL)) if (match[1]) urls.add(match[1]);
    }
  }
  return [...urls];
}

/**
 * Resolves once every image of the popup has loaded or failed (the browser's cache serves what the page already
 * asked for), or at `timeoutMs`, when those still loading count as failed.
 */
export function waitForImages(root: ParentNode, timeoutMs: number): Promise<{ images: number; failed: number }> {
  const urls = imageUrls(root);
  if (urls.length === 0) return Promise.resolve({ images: 0, failed: 0 });
  return new Promise((resolve) => {
    let settled = 0;
    let failed = 0;
    const timer = setTimeout(() => resolve({ images: urls.length, failed: urls.length - settled + failed }), timeoutMs);
    const done = (ok: boolean) => {
      settled += 1;
      if (!ok) failed += 1;
      if (settled === urls.length) {
        clearTimeout(timer);
        resolve({ images: urls.length, failed });
      }
    };
    for (const url of urls) {
      const image = new Image();
      image.onload = () => done(true);
      image.onerror = () => done(false);
      image.src = url;
    }
  });
}
