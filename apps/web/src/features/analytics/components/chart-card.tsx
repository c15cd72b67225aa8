import { Download, Table2 } from 'lucide-react';
import { Suspense, useId, useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import styles from './analytics.module.css';

/** Saves `csv` as a file named `fileName`, through a link the browser downloads. */
export function downloadCsv(fileName: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file when click() returns in every engine we support; a tick later is safe.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * One figure of the tab: its title and what it counts, the chart (a picture, summarised for screen readers), a
 * toggle for the same figures as a table, and a CSV of them.
 */
export function ChartCard({
  title,
  description,
  summary,
  chart,
  table,
  csv,
  note,
}: {
  title: string;
  description: ReactNode;
  /** What the chart shows, in words: its accessible name. */
  summary: string;
  chart: ReactNode;
  table: ReactNode;
  csv: { fileName: string; build: () => string };
  /** A line under the chart about what it draws, when that is not the whole of the table. */
  note?: string | undefined;
}) {
  const [showTable, setShowTable] = useState(false);
  const headingId = useId();
  const tableId = useId();
  return (
    <section className={`panel ${styles.card}`} aria-labelledby={headingId}>
      <div className={styles.cardHead}>
        <div>
          <h2 className="panel-title" id={headingId}>
            {title}
          </h2>
          <p className="muted">{description}</p>
        </div>
        <div className={styles.cardActions}>
          <Button
            variant="secondary"
            size="sm"
            aria-expanded={showTable}
            aria-controls={tableId}
            onClick={() => setShowTable((shown) => !shown)}
          >
            <Table2 size={16} aria-hidden /> {showTable ? 'Hide table' : 'Show table'}
          </Button>
          <Button variant="secondary" size="sm" onClick={() => downloadCsv(csv.fileName, csv.build())}>
            <Download size={16} aria-hidden /> Download CSV
          </Button>
        </div>
      </div>
      <div className={styles.chart} role="img" aria-label={summary}>
        <Suspense fallback={<p className="muted">Loading the chart…</p>}>{chart}</Suspense>
      </div>
      {note ? <p className="hint">{note}</p> : null}
      {/* Focusable: a table wider than the screen scrolls, and the keyboard must reach what is off to the side. */}
      <div
        id={tableId}
        hidden={!showTable}
        className={styles.tableWrap}
        tabIndex={0}
        role="group"
        aria-label={`${title}, as a table`}
      >
        {table}
      </div>
    </section>
  );
}
