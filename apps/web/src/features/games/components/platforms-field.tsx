import * as ToggleGroup from '@radix-ui/react-toggle-group';
import { PLATFORMS, type Platform } from '@liveops/domain/games';
import styles from './platforms-field.module.css';

/** A game's platforms as toggles, with the form's message under them: the same field when creating and editing. */
export function PlatformsField({
  id,
  value,
  onChange,
  error,
}: {
  /** The label's id, unique in the page. */
  id: string;
  value: Platform[];
  onChange: (platforms: Platform[]) => void;
  error?: string | undefined;
}) {
  return (
    <div className="field" role="group" aria-labelledby={id}>
      <span className="field-label" id={id}>
        Platforms
      </span>
      <ToggleGroup.Root
        type="multiple"
        className={styles.group}
        value={value}
        onValueChange={(next) => onChange(next as Platform[])}
        aria-label="Platforms"
      >
        {PLATFORMS.map((platform) => (
          <ToggleGroup.Item key={platform} value={platform} className={styles.toggle}>
            {platform}
          </ToggleGroup.Item>
        ))}
      </ToggleGroup.Root>
      {error ? <p className="field-error">{error}</p> : null}
    </div>
  );
}
