// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// Read from disk: the test runner hands CSS imports, ?raw ones too, to the page empty.
const sheet = readFileSync(new URL('./styles.css', import.meta.url), 'utf8');

/**
 * The classes the global sheet may style: the shared building blocks of decision 033 (buttons, fields, alerts,
 * badges, panels, dialogs, loading shapes, empty states and the small layout helpers). A feature's rules go in a
 * CSS module beside its component; a new shared block is added here, on purpose.
 */
const SHARED_CLASSES = [
  'alert',
  'alert-error',
  'alert-icon',
  'alert-success',
  'badge',
  'btn',
  'btn-block',
  'btn-danger',
  'btn-ghost',
  'btn-primary',
  'btn-secondary',
  'btn-sm',
  'checkbox',
  'dialog',
  'dialog-actions',
  'dialog-header',
  'dialog-overlay',
  'dialog-small',
  'dialog-text',
  'dialog-title',
  'empty-state',
  'facts',
  'field',
  'field-error',
  'field-label',
  'flash',
  'hint',
  'icon-button',
  'input',
  'input-with-button',
  'link',
  'muted',
  'page-title',
  'panel',
  'panel-title',
  'placeholder-icon',
  'skeleton',
  'spin',
  'sr-only',
  'stack',
  'stack-sm',
  'textarea',
];

/** Every class a rule's selector names, outside comments, declarations and at-rule preludes. */
function selectorClasses(css: string): string[] {
  const selectors = [...css.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/([^{}]+)\{/g)]
    .map((match) => match[1]!.trim())
    .filter((prelude) => !prelude.startsWith('@'));
  const classes = selectors.flatMap((selector) => [...selector.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((m) => m[1]!));
  return [...new Set(classes)].sort();
}

describe('styles.css', () => {
  it('styles only the shared building blocks: a feature’s classes belong in a CSS module beside it', () => {
    expect(
      selectorClasses(sheet),
      'styles.css should style only the shared building blocks (decision 033): put a feature’s rules in a CSS module beside its component, or list a new shared block in SHARED_CLASSES',
    ).toEqual(SHARED_CLASSES);
  });

  it('reads the classes of selector lists, compounds, pseudo-classes and media queries, not of values or comments', () => {
    const css = `
      /* .in-a-comment */
      .a, .b > p, select.c:hover:not(:disabled) { transition: opacity 0.15s; }
      .d[aria-invalid='true'] { margin: 0; }
      @media (max-width: 560px) { .e .f { gap: 0.5rem; } }
      @keyframes spin { to { transform: rotate(360deg); } }`;
    expect(selectorClasses(css)).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
  });
});
