import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultDailyRewardsLayout } from './default-layout';
import {
  assetReference,
  assetReferenceId,
  findNodeByLabel,
  isSafeImageSource,
  LAYOUT_LIMITS,
  LAYOUT_MESSAGES,
  layoutNodes,
} from './layout';
import { LayoutNodeSchema } from './layout-schema';

const text = (id: string, value: unknown) => ({ id, type: 'TextCB', props: { value } });
const image = (props: Record<string, unknown>) => ({ id: 'img', type: 'ImageCB', props });
const root = (...children: unknown[]) => ({ id: 'root', type: 'Root', props: {}, children });
const problem = (value: unknown) => {
  const parsed = LayoutNodeSchema.safeParse(value);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
};

describe('layout nodes', () => {
  it('accepts the default layout and returns an equal copy', () => {
    const layout = defaultDailyRewardsLayout();
    const parsed = LayoutNodeSchema.parse(layout);
    expect(parsed).toEqual(layout);
    expect(parsed).not.toBe(layout);
  });

  it('keeps only id, type, props, label and children, and drops undefined props', () => {
    const parsed = LayoutNodeSchema.parse({
      id: 'a',
      type: 'TextCB',
      props: { value: 'hi', color: undefined },
      label: 'Title',
      extra: 'x',
    });
    expect(parsed).toEqual({ id: 'a', type: 'TextCB', props: { value: 'hi' }, label: 'Title' });
  });

  it('refuses unknown types, bad or duplicate ids and non-object nodes', () => {
    expect(problem({ id: 'a', type: 'ScriptCB', props: {} })).toBe(LAYOUT_MESSAGES.typeUnknown);
    expect(problem({ id: 'a b', type: 'Root', props: {} })).toBe(LAYOUT_MESSAGES.idInvalid);
    expect(problem(root(text('x', 'a'), text('x', 'b')))).toBe(LAYOUT_MESSAGES.idDuplicate);
    expect(problem(root('text'))).toBe(LAYOUT_MESSAGES.notANode);
    expect(problem({ id: 'a', type: 'Root', props: [] })).toBe(LAYOUT_MESSAGES.propsInvalid);
    expect(problem({ id: 'a', type: 'Root', props: {}, children: {} })).toBe(LAYOUT_MESSAGES.childrenInvalid);
  });

  it('keeps markup in a text value as plain data: rendering it as text is the renderer’s job', () => {
    const value = '<img src=x onerror=alert(1)>';
    expect(LayoutNodeSchema.parse(text('t', value)).props.value).toBe(value);
  });

  it('refuses control characters in texts and labels', () => {
    expect(problem(text('t', 'a\u0000b'))).toBe(LAYOUT_MESSAGES.controlCharacters);
    expect(problem({ ...text('t', 'a'), label: 'x\u0007' })).toBe(LAYOUT_MESSAGES.controlCharacters);
  });

  it('refuses a 5 MB text quickly', () => {
    const started = Date.now();
    expect(problem(text('t', 'x'.repeat(5_000_000)))).toBe(LAYOUT_MESSAGES.textTooLong);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('refuses a prop named __proto__ and never changes an object prototype', () => {
    const hostile = JSON.parse('{"id":"a","type":"Root","props":{"__proto__":{"polluted":true}}}') as unknown;
    expect(problem(hostile)).toBe(LAYOUT_MESSAGES.propNameInvalid);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('image sources', () => {
  it.each([
    'https://cdn.example.com/a.png',
    'http://localhost:3000/files/x.webp',
    '/testAssets/chest.png',
    'data:image/png;base64,iVBORw0KGgo=',
    'asset:chest_01',
    '',
  ])('accepts %s', (src) => {
    expect(isSafeImageSource(src)).toBe(true);
    expect(problem(image({ src }))).toBeUndefined();
    expect(problem({ id: 'b', type: 'ButtonCB', props: { fillImage: src } })).toBeUndefined();
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'vbscript:msgbox(1)',
    'data:image/svg+xml;base64,PHN2Zz4=',
    'data:text/html;base64,PHNjcmlwdD4=',
    '//evil.example.com/a.png',
    'file:///etc/passwd',
    'asset:../../x',
    'https://a.example.com/a b.png',
  ])('refuses %s', (src) => {
    expect(isSafeImageSource(src)).toBe(false);
    expect(problem(image({ src }))).toBe(LAYOUT_MESSAGES.imageSourceInvalid);
  });

  it('refuses a non-string image source', () => {
    expect(problem(image({ src: { href: 'javascript:alert(1)' } }))).toBe(LAYOUT_MESSAGES.imageSourceInvalid);
    expect(problem(image({ src: 5 }))).toBe(LAYOUT_MESSAGES.imageSourceInvalid);
  });

  it('writes and reads asset references', () => {
    expect(assetReference('chest01')).toBe('asset:chest01');
    expect(assetReferenceId('asset:chest01')).toBe('chest01');
    expect(assetReferenceId('https://x.example.com/a.png')).toBeNull();
  });
});

describe('styles and class names', () => {
  it('accepts common properties with plain values', () => {
    const style = { backgroundColor: '#021031', borderRadius: 12, position: 'relative', padding: '4px 8px' };
    expect(problem(image({ style }))).toBeUndefined();
  });

  it.each([
    [{ position: 'fixed' }],
    [{ position: ' Sticky ' }],
    [{ background: 'url(javascript:alert(1))' }],
    [{ background: 'URL ("https://tracker.example.com/p.gif")' }],
    [{ width: 'expression(alert(1))' }],
    [{ color: 'red; position: fixed' }],
    [{ color: 'r\\65 d' }],
    [{ behavior: 'url(x.htc)' }],
    [{ MozBinding: 'x' }],
    [{ color: { nested: true } }],
  ])('refuses %j', (style) => {
    expect(problem(image({ style }))).toBe(LAYOUT_MESSAGES.styleInvalid);
  });

  it('refuses a style that is not an object', () => {
    expect(problem(image({ style: 'position: fixed' }))).toBe(LAYOUT_MESSAGES.styleInvalid);
  });

  it('accepts class tokens and refuses anything that could break out of the attribute', () => {
    expect(problem(image({ className: 'text-lg md:w-1/2 font-bold' }))).toBeUndefined();
    expect(problem(image({ className: 'a" onclick="x' }))).toBe(LAYOUT_MESSAGES.classNameInvalid);
    expect(problem(image({ className: '<b>' }))).toBe(LAYOUT_MESSAGES.classNameInvalid);
  });

  it('checks bindings and card days', () => {
    expect(problem(text('t', 'x'))).toBeUndefined();
    expect(problem({ ...text('t', 'x'), props: { bind: 'pack.secret' } })).toBe(LAYOUT_MESSAGES.bindingInvalid);
    expect(problem({ id: 'c', type: 'GridCB', props: { day: 8 } })).toBe(LAYOUT_MESSAGES.dayInvalid);
  });
});

describe('hostile layouts', () => {
  it('refuses 100,000 nodes quickly', () => {
    const started = Date.now();
    const children = Array.from({ length: 100_000 }, (_, i) => text(`t${i}`, 'x'));
    expect(problem(root(...children))).toBe(LAYOUT_MESSAGES.tooManyNodes);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('refuses a layout nested 1,000 deep without exhausting the stack', () => {
    let node: unknown = text('leaf', 'x');
    for (let i = 0; i < 1000; i++) node = { id: `n${i}`, type: 'GridCB', props: {}, children: [node] };
    expect(problem(node)).toBe(LAYOUT_MESSAGES.tooDeep);
  });

  it('accepts exactly the depth limit', () => {
    let node: unknown = text('leaf', 'x');
    for (let i = 1; i < LAYOUT_LIMITS.maxDepth; i++)
      node = { id: `n${i}`, type: 'GridCB', props: {}, children: [node] };
    expect(problem(node)).toBeUndefined();
  });

  it('refuses a layout whose texts add up past the size limit', () => {
    const children = Array.from({ length: 600 }, (_, i) => text(`t${i}`, 'x'.repeat(LAYOUT_LIMITS.maxTextChars)));
    expect(problem(root(...children))).toBe(LAYOUT_MESSAGES.tooLarge);
  });

  it('answers a cycle or a throwing getter with an issue, not an exception', () => {
    const cyclic: Record<string, unknown> = { id: 'a', type: 'Root', props: {} };
    cyclic.children = [cyclic];
    expect(problem(cyclic)).toBe(LAYOUT_MESSAGES.idDuplicate);
    const trap = {
      id: 'a',
      type: 'Root',
      get props(): never {
        throw new Error('trap');
      },
    };
    expect(problem(trap)).toBe(LAYOUT_MESSAGES.invalid);
  });

  it('never throws on any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        LayoutNodeSchema.safeParse(value);
        LayoutNodeSchema.safeParse({ id: 'a', type: 'TextCB', props: value });
        LayoutNodeSchema.safeParse(root(value));
      }),
      { numRuns: 100 },
    );
  });
});

describe('finding nodes', () => {
  it('walks every node and finds by label, a button by its cbLabel', () => {
    const layout = defaultDailyRewardsLayout();
    expect(layoutNodes(layout)[0]).toBe(layout);
    expect(findNodeByLabel(layout, 'Rewards Grid')?.id).toBe('dr-rewards-grid');
    const button = { id: 'b', type: 'ButtonCB' as const, props: { label: 'Claim', cbLabel: 'Main Button' } };
    expect(findNodeByLabel(button, 'Main Button')).toBe(button);
    expect(findNodeByLabel(button, 'Claim')).toBeNull();
  });
});
