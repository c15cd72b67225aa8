/**
 * Names for designers: a text's value and a button's label are its text (decision 028; the other `label` props
 * are the node's name in the hierarchy, edited as one field of its own).
 */
const FIELD_LABELS: Record<string, string> = {
  value: 'Text',
  label: 'Text',
  src: 'Image',
  // An image node's "source" or "fill" (decision 055): what it shows.
  type: 'Shows',
  fillImage: 'Fill image',
  className: 'CSS class',
  cbLabel: 'Editor label',
};

/** A field's name as a person reads it: fillColor → "Fill color". */
export function fieldLabel(name: string): string {
  if (FIELD_LABELS[name]) return FIELD_LABELS[name];
  const words = name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
