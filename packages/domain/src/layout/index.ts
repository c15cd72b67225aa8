/** Popup layouts: the node tree, component defaults, the default layout, canvas sizes, the UI editor's fields. */
export * from './layout';
export * from './layout-style';
export * from './parse-layout';
export * from './layout-schema';
export * from './component-defaults';
export * from './default-layout';
export * from './normalise-layout';
export * from './popup-size';
export * from './presets';
export * from './editor-fields';
export * from './ui-editor-messages';
