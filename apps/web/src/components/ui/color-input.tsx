import type { InputHTMLAttributes } from 'react';
import styles from './color-input.module.css';

/**
 * The browser's colour picker, shown as a swatch beside a colour's hex text: a game's theme colour and a colour in
 * the UI editor's properties. It needs an aria-label: the text beside it carries the field's label.
 */
export function ColorInput({
  className,
  ...rest
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { 'aria-label': string }) {
  return <input type="color" className={className ? `${styles.input} ${className}` : styles.input} {...rest} />;
}
