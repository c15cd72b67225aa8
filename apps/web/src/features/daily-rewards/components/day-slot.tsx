import type { Pack } from '@liveops/domain';
import { InventoryIcon } from '../../../components/inventory-icon';

const money = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** One day of the cycle: the pack it gives, chosen from the game's packs, with its artwork and value. */
export function DaySlot({
  configId,
  day,
  packId,
  packs,
  missing,
  final = false,
  onChange,
}: {
  configId: string;
  day: number;
  packId: string;
  packs: readonly Pack[];
  missing: boolean;
  /** The cycle's last day, shown as the final reward card. */
  final?: boolean;
  onChange: (packId: string) => void;
}) {
  const id = `daily-reward-${configId}-day-${day}`;
  const pack = packs.find((p) => p.id === packId);
  return (
    <li
      className={`day-slot${final ? ' day-slot-final' : ''}${pack ? ' day-slot-filled' : ''}${missing ? ' day-slot-missing' : ''}`}
    >
      <div className="day-slot-head">
        <label className="day-slot-label" htmlFor={id}>
          Day {day}
        </label>
        {final ? <span className="day-slot-final-tag">Final reward</span> : null}
      </div>
      <div className="day-slot-art">
        {pack ? <InventoryIcon entry={pack} size={56} /> : <span className="day-slot-empty" aria-hidden />}
      </div>
      <p className="day-slot-value">{pack ? `Value ${money.format(pack.value)}` : 'No pack yet'}</p>
      <select
        id={id}
        className="input day-slot-select"
        value={packId}
        aria-invalid={missing || undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">Choose a pack</option>
        {packs.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
        {packId && !pack ? <option value={packId}>Unknown pack</option> : null}
      </select>
    </li>
  );
}
